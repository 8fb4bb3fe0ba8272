import { APPROVED_SELLER_STATUS } from '~/lib/domain-enums'
import { m } from './messages'
import type { User } from './user'

/**
 * Who may go where (spec §6, DOMAIN.md): the one source of these rules. Client-safe and pure: the
 * route guards (navigation), the panel menus and the server guards (authorisation) all decide with
 * these functions, so the three cannot drift apart.
 */

export type UserAccess = Pick<
  User,
  'is_seller' | 'is_observer' | 'pointing_seller_id' | 'is_admin' | 'seller'
>

/** What an unapproved seller is told on a page or action that needs approval (in the page's language). */
export const approvedSellerMessage = () => m.server_error_approved_seller_only()

/** 'owner' for a seller's own account, 'observer' for one acting for a seller, else null. */
export function sellerRole(user: UserAccess | null | undefined): 'owner' | 'observer' | null {
  if (!user?.seller) return null
  if (user.is_seller) return 'owner'
  if (user.is_observer && user.pointing_seller_id === user.seller.id) return 'observer'
  return null
}

/** A seller, or an observer acting for one: may open the seller panel ("Switch to Seller"). */
export const canEnterSellerArea = (user: UserAccess | null | undefined) => sellerRole(user) !== null

/** Seller status 'approved' (spec §4): the rest of the seller panel opens up. */
export const isApprovedSeller = (user: UserAccess | null | undefined) =>
  canEnterSellerArea(user) && user?.seller?.status === APPROVED_SELLER_STATUS

/** Seller pages an unapproved seller may still open. */
const OPEN_SELLER_PATHS = new Set(['/seller', '/seller/profile'])

export type AreaDecision =
  | { kind: 'allow' }
  | { kind: 'sign-in' }
  /** Signed in but neither a seller nor an observer: the spec sends them to /auth as well. */
  | { kind: 'not-seller' }
  | { kind: 'not-approved'; message: string }
  | { kind: 'forbidden' }

/** The navigation rule for a path: what a `beforeLoad` guard should do. */
export function decideAreaAccess(user: UserAccess | null | undefined, pathname: string): AreaDecision {
  const path = pathname.replace(/\/+$/, '') || '/'
  const under = (prefix: string) => path === prefix || path.startsWith(`${prefix}/`)
  if (under('/buyer')) return user ? { kind: 'allow' } : { kind: 'sign-in' }
  if (under('/seller')) {
    if (!user) return { kind: 'sign-in' }
    if (!canEnterSellerArea(user)) return { kind: 'not-seller' }
    if (OPEN_SELLER_PATHS.has(path) || isApprovedSeller(user)) return { kind: 'allow' }
    return { kind: 'not-approved', message: approvedSellerMessage() }
  }
  if (under('/admin')) {
    if (!user) return { kind: 'sign-in' }
    return user.is_admin ? { kind: 'allow' } : { kind: 'forbidden' }
  }
  return { kind: 'allow' }
}

/**
 * Where sign-in may send a user back to: a path on this site, never the sign-in pages (a loop) and
 * never another origin (an open redirect). Anything else is null.
 */
export function safeReturnPath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 500) return null
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null
  let url: URL
  try {
    url = new URL(value, 'http://omdeh.invalid')
  } catch {
    return null
  }
  if (url.origin !== 'http://omdeh.invalid') return null
  // The URL parser resolves dot segments and drops tabs and newlines, so "/.//evil.example" or
  // "/\t/evil.example" come out as "//evil.example": a protocol-relative URL. Collapse repeated
  // slashes in what is returned, so the result is always a path on this origin.
  const pathname = url.pathname.replace(/\/{2,}/g, '/')
  const path = pathname.replace(/\/+$/, '') || '/'
  if (path === '/auth' || path.startsWith('/auth/')) return null
  return `${pathname}${url.search}${url.hash}`
}

/**
 * After sign-in, or for a signed-in visitor of /auth: the explicit return path, else the last
 * visited page, else home; a page the user may not open (a buyer sent from /seller) is skipped,
 * so that /auth and a guard can never bounce a user between them.
 */
export function returnPathFor(
  user: UserAccess | null,
  candidates: ReadonlyArray<string | null | undefined>,
): string {
  for (const candidate of candidates) {
    const path = safeReturnPath(candidate)
    if (path && decideAreaAccess(user, new URL(path, 'http://omdeh.invalid').pathname).kind === 'allow')
      return path
  }
  return '/'
}
