import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { constants } from '#app-config'

/**
 * Every screen of spec §2 has a route (real or a placeholder naming its issue). Read from the
 * generated route tree, so a renamed or deleted route file fails here rather than in production.
 */
const tree = readFileSync(new URL('../../src/routeTree.gen.ts', import.meta.url), 'utf8')
const block = tree.slice(tree.indexOf('fullPaths:'), tree.indexOf('fileRoutesByTo:'))
const paths = new Set([...block.matchAll(/\| '([^']+)'/g)].map((m) => m[1]!.replace(/\/$/, '') || '/'))

const specPaths = [
  '/',
  '/faq',
  '/about',
  '/guides',
  '/contact',
  '/auth',
  '/auth/verify',
  '/get-seller',
  '/become-a-seller',
  '/help-center',
  '/subscription',
  '/product',
  '/product/$slug',
  '/browse-history',
  '/category',
  '/select-category',
  '/category/$slug',
  '/landing/$slug',
  '/magazine',
  '/magazine/$identify',
  '/privacy-policy',
  '/terms-and-conditions',
  constants.brand.plusPath,
  '/cart',
  '/cart/$id/checkout',
  '/cart/checkout-result',
  '/payment/$session',
  '/buyer',
  '/buyer/orders',
  '/buyer/orders/$id/process',
  '/buyer/invoices',
  '/buyer/invoices/$id',
  '/buyer/profile',
  '/buyer/profile/profile',
  '/buyer/profile/mobile',
  '/buyer/profile/address',
  '/buyer/profile/address/create',
  '/buyer/profile/address/$id',
  '/buyer/tickets',
  '/buyer/tickets/create',
  '/buyer/tickets/$id/show',
  '/seller',
  '/seller/profile',
  '/seller/orders',
  '/seller/orders/$id/process',
  '/seller/stores',
  '/seller/stores/create',
  '/seller/stores/$storeId/edit',
  '/seller/stores/$storeId/show',
  '/seller/stores/$storeId/products',
  '/seller/stores/$storeId/products/add',
  '/seller/inventory',
  '/seller/inventory/import-price',
  '/seller/inventory/stock/$sku',
  '/seller/inventory/price/$sku/create',
  '/seller/inventory/product/$sku/edit',
  '/seller/magazines',
  '/seller/magazines/create',
  '/seller/magazines/$magazineId/edit',
  '/seller/magazines/$magazineId/products',
]

describe('spec §2 routes', () => {
  it('found the route list in the generated tree', () => {
    expect(paths.size).toBeGreaterThan(50)
  })

  it.each(specPaths)('%s exists', (path) => {
    expect(paths).toContain(path)
  })

  it('the Plus page follows the brand name (the route file is named after it)', () => {
    expect(constants.brand.plusPath).toBe('/omdeh-plus')
  })
})
