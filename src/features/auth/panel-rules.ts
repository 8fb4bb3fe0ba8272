import { canEnterSellerArea } from '~/lib/auth-access'
import type { Panel } from '~/lib/panels'
import type { User } from './auth.schemas'

/**
 * The pure rules of the two panels (spec §2 menus, "Active panel and memory"). Who may open what
 * comes from auth-access.ts, the same predicates the route guards and the server guards use, so a
 * menu item is enabled exactly when its page lets the user in.
 */

export { isPanel, panels, type Panel } from '~/lib/panels'

function firstSegment(pathname: string): string {
  return pathname.split('/')[1] ?? ''
}

/** The panel a path belongs to. Whole segments: /become-a-seller is not the seller panel. */
export function panelOfPath(pathname: string): Panel | null {
  const segment = firstSegment(pathname)
  return segment === 'buyer' || segment === 'seller' ? segment : null
}

/**
 * Buyer or Seller: by the path, else the remembered panel; Buyer without a user, and Buyer for a
 * user who can no longer open the seller panel.
 */
export function activePanelFor(input: {
  pathname: string
  remembered: Panel | null
  user: User | null | undefined
}): Panel {
  if (!input.user) return 'buyer'
  const panel = panelOfPath(input.pathname) ?? input.remembered ?? 'buyer'
  return panel === 'seller' && !canEnterSellerArea(input.user) ? 'buyer' : panel
}

/** The last visited path is remembered for every page except the sign-in pages. */
export function isRememberedPath(pathname: string): boolean {
  return firstSegment(pathname) !== 'auth'
}

// The menus (their labels are messages in both languages) are in shell/panel-menus.ts: only the drawers
// and panel layouts, which load on use, need them, not every page's first chunk (issue #21). Import
// them from there: a re-export here would bring them back into that chunk.
