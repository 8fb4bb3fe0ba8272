import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import type { User } from '~/features/auth/auth.schemas'
import { buyerMenu, sellerMenu } from '~/features/shell/panel-menus'

/**
 * The panel menus name their pages by path without importing the generated route tree (that would
 * tie every route, through the shell, back to itself); their type comes from the registered router.
 * This checks the same at run time: every menu item with a page points at a route the tree has.
 */
const tree = readFileSync(new URL('../../src/routeTree.gen.ts', import.meta.url), 'utf8')
const block = tree.slice(tree.indexOf('fullPaths:'), tree.indexOf('fileRoutesByTo:'))
const paths = new Set([...block.matchAll(/\| '([^']+)'/g)].map((m) => m[1]!.replace(/\/$/, '') || '/'))

const user: User = {
  id: 2,
  email: null,
  cellphone: '+989121234567',
  first_name: 'Sara',
  last_name: 'Karimi',
  is_seller: true,
  is_observer: false,
  pointing_seller_id: null,
  is_admin: false,
  has_password: true,
  seller: { id: 7, status: 'approved', display_name: 'Golbarg Trading' },
}

describe('panel menus', () => {
  it('finds the route tree’s paths', () => {
    expect(paths.size).toBeGreaterThan(20)
  })

  it.each([
    ['buyer', buyerMenu(user)],
    ['seller', sellerMenu(user)],
  ])('%s menu: every item with a page points at a real route', (_panel, menu) => {
    const missing = menu.flatMap((item) => (item.to && !paths.has(item.to) ? [item.to] : []))
    expect(missing).toEqual([])
  })
})
