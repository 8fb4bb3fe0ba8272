import type { QueryClient } from '@tanstack/react-query'
import { redirect, type ParsedLocation } from '@tanstack/react-router'
import { decideAreaAccess, returnPathFor } from '~/lib/auth-access'
import { noteSignInOrigin } from './sign-in-origin'
import { ApiError } from '~/lib/api-error'
import { readString } from '~/lib/storage'
import { storageKeys } from '~/lib/storage-keys'
import { ensureCurrentUser, refetchCurrentUser } from './session.queries'
import { m } from '~/lib/messages'

/**
 * Navigation guards for the layouts' `beforeLoad` (spec §6). They steer people to the right page;
 * the server refuses the data on its own (guards.server.ts), whatever these decide.
 */

interface GuardInput {
  context: { queryClient: QueryClient }
  location: ParsedLocation
}

export const ADMIN_ONLY = () => m.server_error_admin_area_only()

/** /buyer, /seller and /admin: the spec's redirects, from the same rules as the menus and the server. */
export async function guardArea({ context, location }: GuardInput): Promise<void> {
  const user = await ensureCurrentUser(context.queryClient)
  let decision = decideAreaAccess(user, location.pathname)
  // The cached user may predate a change (an admin approved this seller a moment ago): before
  // turning a signed-in user away, ask the server once more. The server render is already fresh.
  if (user && decision.kind !== 'allow' && typeof window !== 'undefined') {
    decision = decideAreaAccess(await refetchCurrentUser(context.queryClient), location.pathname)
  }
  switch (decision.kind) {
    case 'allow':
      return
    case 'sign-in':
      throw redirect({ to: '/auth', search: { redirect: location.href } })
    case 'not-seller':
      // Spec §6: to /auth, which sends a signed-in user on to a page they may open.
      throw redirect({ to: '/auth' })
    case 'not-approved':
      throw redirect({ to: '/seller', search: { error: true, message: decision.message } })
    case 'forbidden':
      throw new ApiError(403, ADMIN_ONLY())
  }
}

/**
 * /auth and /auth/verify are for guests: a signed-in user goes back to where they came from (the
 * `redirect` parameter, else the remembered last page, else home).
 */
export async function guardGuestOnly({
  context,
  search,
  cause,
}: {
  context: GuardInput['context']
  search: { redirect?: string }
  cause: 'enter' | 'stay' | 'preload'
}): Promise<void> {
  const user = await ensureCurrentUser(context.queryClient)
  if (!user) {
    // Arriving from another page (not moving from /auth to /auth/verify, not a hover preload).
    if (cause === 'enter') noteSignInOrigin()
    return
  }
  throw redirect({ href: returnPathFor(user, [search.redirect, readString(storageKeys.lastSeenUrl)]) })
}
