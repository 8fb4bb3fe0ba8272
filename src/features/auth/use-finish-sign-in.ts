import { useQueryClient } from '@tanstack/react-query'
import { useRouter } from '@tanstack/react-router'
import { track } from '~/features/analytics/analytics-client'
import { setCurrentUser } from '~/features/session/session.queries'
import { mergeGuestBasketAfterSignIn } from '~/features/shell/basket-seam'
import { readString } from '~/lib/storage'
import { storageKeys } from '~/lib/storage-keys'
import { returnPathFor } from '~/lib/auth-access'
import { AUTH_EVENTS } from './auth-events'
import type { User } from './auth.schemas'
import { signInOrigin } from './sign-in-origin'

/**
 * The last step of every sign-in (code, registration, password): the header and guards learn who
 * is signed in, the guest basket joins the account, and the user goes back to where they were
 * (the guard's `redirect`, else the page they opened /auth from, else the last page they saw, else
 * home). Replace, so Back does not
 * return to a sign-in form they no longer need.
 */
export function useFinishSignIn(redirect: string | undefined) {
  const queryClient = useQueryClient()
  const router = useRouter()
  return async (user: User, method: 'otp' | 'password') => {
    setCurrentUser(queryClient, user)
    track(AUTH_EVENTS.loginCompleted, { method })
    // A basket that fails to merge must not keep anyone from their account.
    await mergeGuestBasketAfterSignIn({ queryClient, user }).catch(() => undefined)
    const target = returnPathFor(user, [redirect, signInOrigin(), readString(storageKeys.lastSeenUrl)])
    await router.navigate({ href: target, replace: true })
  }
}
