import { APPROVED_SELLER_STATUS, type SellerStatus } from '~/lib/domain-enums'

/**
 * Who may go where (spec §6). Client-safe: the route guards (navigation) and the server guards
 * (authorisation) both decide with these functions, so the two layers cannot drift apart.
 */

export interface SellerSummary {
  id: number
  status: SellerStatus
  display_name: string
}

/** Spec §3 User, plus `is_admin` (DOMAIN.md) and `has_password` (set vs change on the profile page). */
export interface User {
  id: number
  email: string | null
  cellphone: string
  first_name: string | null
  last_name: string | null
  is_seller: boolean
  is_observer: boolean
  pointing_seller_id: number | null
  is_admin: boolean
  has_password: boolean
  /** The user's own seller; for an observer, the seller it acts for. */
  seller: SellerSummary | null
}

export type UserAccess = Pick<
  User,
  'is_seller' | 'is_observer' | 'pointing_seller_id' | 'is_admin' | 'seller'
>

export const APPROVED_SELLER_MESSAGE = 'You need to be an approved seller to access this page'

/** 'owner' for a seller's own account, 'observer' for one acting for a seller, else null. */
export function sellerRole(user: UserAccess | null): 'owner' | 'observer' | null {
  if (!user?.seller) return null
  if (user.is_seller) return 'owner'
  if (user.is_observer && user.pointing_seller_id === user.seller.id) return 'observer'
  return null
}

export const canEnterSellerArea = (user: UserAccess | null) => sellerRole(user) !== null

export const isApprovedSeller = (user: UserAccess | null) =>
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
export function decideAreaAccess(user: UserAccess | null, pathname: string): AreaDecision {
  const path = pathname.replace(/\/+$/, '') || '/'
  const under = (prefix: string) => path === prefix || path.startsWith(`${prefix}/`)
  if (under('/buyer')) return user ? { kind: 'allow' } : { kind: 'sign-in' }
  if (under('/seller')) {
    if (!user) return { kind: 'sign-in' }
    if (!canEnterSellerArea(user)) return { kind: 'not-seller' }
    if (OPEN_SELLER_PATHS.has(path) || isApprovedSeller(user)) return { kind: 'allow' }
    return { kind: 'not-approved', message: APPROVED_SELLER_MESSAGE }
  }
  if (under('/admin')) {
    if (!user) return { kind: 'sign-in' }
    return user.is_admin ? { kind: 'allow' } : { kind: 'forbidden' }
  }
  return { kind: 'allow' }
}
