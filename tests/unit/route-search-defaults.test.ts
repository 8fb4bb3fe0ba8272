import { createMemoryHistory, createRouter, type AnyRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { DEFAULT_PER_PAGE } from '~/features/catalog/catalog.schemas'
import { routeTree } from '~/routeTree.gen'

/**
 * A shareable URL names only what the reader changed (issue #36): a link or a redirect to any page
 * with search params, given nothing or given the page's defaults, carries no query string; a value
 * the reader chose stays. Every route of the tree with `validateSearch` is checked, so a new page
 * that forgets to keep its defaults out of the URL fails here.
 */

/** Defaults a page applies itself (the schema leaves the key out): a link passing them changes nothing. */
const pageDefaults: Record<string, Record<string, unknown>> = {
  '/admin/': { days: 30 },
  '/admin/analytics': { days: 30 },
  '/seller/': { days: 30 },
  '/admin/orders/': { dates: 'placed' },
  '/seller/inventory/import-price': { history: 1 },
  '/auth/': { method: 'code' },
  '/auth/verify': { channel: 'sms' },
  '/_default/product/': { per_page: DEFAULT_PER_PAGE, sort: 'relevance' },
  '/_default/category/$slug': { per_page: DEFAULT_PER_PAGE, sort: 'relevance' },
  '/_default/store/$slug': { per_page: DEFAULT_PER_PAGE, sort: 'relevance' },
}

type Schema = v.GenericSchema & { entries?: Record<string, unknown>; pipe?: Array<{ entries?: object }> }
const keysOf = (schema: Schema): string[] =>
  Object.keys(schema.entries ?? schema.pipe?.find((item) => item.entries)?.entries ?? {})

// Only URLs are built here: no loader runs, so the query client the app's context carries is not needed.
const router = createRouter({
  routeTree,
  history: createMemoryHistory({ initialEntries: ['/'] }),
} as unknown as Parameters<typeof createRouter>[0])
const routesById = router.routesById as unknown as Record<string, AnyRoute>
const routes = Object.values(routesById).filter(
  (route) => route.options.validateSearch,
)
const params = { storeId: '2', slug: 'tools', sku: 'SKU-1' }

/** The URL a Link, navigate or server redirect builds (validateSearch applied, as they apply it). */
function href(route: AnyRoute, search: Record<string, unknown> | undefined): string {
  const location = router.buildLocation({
    to: route.fullPath,
    params,
    search,
    _includeValidateSearch: true,
  } as unknown as Parameters<typeof router.buildLocation>[0])
  return location.href
}

describe('search params in URLs', () => {
  it('finds the routes with typed search params', () => {
    expect(routes.length).toBeGreaterThan(25)
    expect(routes.map((r) => r.id)).toContain('/seller/stores/$storeId/products/')
  })

  it.each(routes.map((route) => [route.id, route] as const))(
    '%s: defaults stay out of the URL',
    (_, route) => {
      const schema = route.options.validateSearch as Schema
      const parsed = v.parse(schema, {}) as Record<string, unknown>
      const defaults = {
        ...parsed,
        ...(keysOf(schema).includes('page') ? { page: 1 } : {}),
        ...pageDefaults[route.id],
      }
      const bare = href(route, undefined)
      expect(bare, 'with no search').not.toContain('?')
      expect(href(route, defaults), `with ${JSON.stringify(defaults)}`).toBe(bare)
      // A page opened from a link without its defaults still gets them.
      expect(v.parse(schema, {})).toEqual(parsed)
    },
  )

  it('keeps what the reader chose', () => {
    const products = routesById['/seller/stores/$storeId/products/']!
    expect(href(products, { status: 'active', page: 2, q: '' })).toBe(
      '/seller/stores/2/products?status=active&page=2',
    )
    expect(href(routesById['/admin/analytics']!, { days: 90 })).toBe('/admin/analytics?days=90')
    expect(href(routesById['/buyer/orders/']!, { page: 3 })).toBe('/buyer/orders?page=3')
  })
})
