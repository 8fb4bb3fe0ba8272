import '@tanstack/react-start/server-only'
import { m } from '~/lib/messages'
import { approvedSellerMessage, canEnterSellerArea, isApprovedSeller, sellerRole } from '~/lib/auth-access'
import type { SellerSummary } from '~/lib/user'
import { forbidden, unauthorized } from '../http/api-errors.server'
import type { AuthContext } from './session.server'

/**
 * Server-side authorisation (spec §6, DOMAIN.md). Every operation calls one of these with the
 * caller's AuthContext before touching data: 401 when nobody is signed in, 403 when the signed-in
 * user may not do it. Route guards only steer navigation; these are the boundary.
 */

export interface SellerActor {
  auth: AuthContext
  seller: SellerSummary
  /** The seller whose data the caller may touch: its own, or the one an observer acts for. */
  sellerId: number
  role: 'owner' | 'observer'
}

export function requireUser(auth: AuthContext | null): AuthContext {
  if (!auth) throw unauthorized()
  return auth
}

/**
 * A seller, or (with allowObserver) an observer acting for one. Observers may view the seller panel
 * and process orders and stock, but not change the seller profile, subscription or observers.
 */
export function requireSeller(auth: AuthContext | null, options: { allowObserver: boolean }): SellerActor {
  const signedIn = requireUser(auth)
  const role = sellerRole(signedIn.user)
  if (!role || !canEnterSellerArea(signedIn.user)) throw forbidden(m.server_error_sellers_only())
  if (role === 'observer' && !options.allowObserver)
    throw forbidden(m.server_error_observers_read_only())
  const seller = signedIn.user.seller!
  return { auth: signedIn, seller, sellerId: seller.id, role }
}

/** Orders, stores, inventory, magazines: only once the seller is approved. */
export function requireApprovedSeller(
  auth: AuthContext | null,
  options: { allowObserver: boolean } = { allowObserver: true },
): SellerActor {
  const actor = requireSeller(auth, options)
  if (!isApprovedSeller(actor.auth.user)) throw forbidden(approvedSellerMessage())
  return actor
}

export function requireAdmin(auth: AuthContext | null): AuthContext {
  const signedIn = requireUser(auth)
  if (!signedIn.user.is_admin) throw forbidden(m.server_error_admins_only())
  return signedIn
}

/** The seller id the caller acts for (own or pointing), or null when it acts for none. */
export function actingSellerId(auth: AuthContext | null): number | null {
  return auth && sellerRole(auth.user) ? auth.user.seller!.id : null
}
