import { useQueryClient } from '@tanstack/react-query'
import { useRouter } from '@tanstack/react-router'
import { track } from '~/features/analytics'
import { setCurrentUser } from './session.queries'
import { readString } from '~/lib/storage'
import { storageKeys } from '~/lib/storage-keys'
import { returnPathFor } from '~/lib/auth-access'
import { emitSignedIn } from '~/lib/signed-in'
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
    // What the app does on a sign-in (the guest basket merges); a failing step keeps no one out.
    await emitSignedIn({ user })
    const target = returnPathFor(user, [redirect, signInOrigin(), readString(storageKeys.lastSeenUrl)])
    await router.navigate({ href: target, replace: true })
  }
}
