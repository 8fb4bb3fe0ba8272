import { createServerFn } from '@tanstack/react-start'
import { getRequest } from '@tanstack/react-start/server'
import {
  REFRESH_COOKIE,
  clearedSessionCookies,
  readCookie,
  sessionCookies,
} from '~/server/auth/cookies.server'
import { authContext, signedIn } from '~/server/auth/middleware'
import { applyCookies } from '~/server/auth/set-cookies.server'
import {
  isRefreshTokenUsable,
  requestTokens,
  rotateRefreshToken,
  type SessionMeta,
} from '~/server/auth/session.server'
import { serverConfig } from '~/server/config.server'
import { validate } from '~/server/http/api-errors.server'
import { captchaVerifier } from '~/server/providers/captcha/captcha.server'
import type { User } from './auth.schemas'
import {
  changePassword,
  confirmMobileChange,
  requestMobileChangeCode,
  updateProfile,
} from './auth-profile.server'
import {
  changePasswordInput,
  confirmMobileChangeInput,
  passwordSignInInput,
  registerInput,
  requestCodeInput,
  requestMobileChangeInput,
  signInLockInput,
  updateProfileInput,
  verifyCodeInput,
} from './auth.schemas'
import {
  passwordSignIn,
  registerAccount,
  requestLoginCode,
  signInLockWait,
  signOut,
  verifyLoginCode,
  type SignedIn,
  type SignInMeta,
} from './auth.server'
import { KNOWN_DEVICE_COOKIE, knownDeviceCookie } from './known-device.server'

/**
 * Server functions for the auth pages. Each validates its input (422 with per-field messages),
 * authorises through the middleware and the operation's guard, delegates, and sets the cookies.
 * Tokens never reach page scripts: the reply carries the user, the cookies carry the session.
 */

function finishSignIn(result: SignedIn, secure: boolean): { status: 'signed_in'; user: User } {
  // The session, and this browser remembered as a known device of the phone (issue #35).
  const previous = readCookie(getRequest(), KNOWN_DEVICE_COOKIE)
  applyCookies([
    ...sessionCookies(result.session, secure),
    knownDeviceCookie(previous, result.user.cellphone, secure),
  ])
  return { status: 'signed_in', user: result.user }
}

/** The sign-in client: the request's address plus its known-device cookie. */
const signInMeta = (meta: SessionMeta): SignInMeta => ({
  ...meta,
  knownDevice: readCookie(getRequest(), KNOWN_DEVICE_COOKIE),
})

export interface SessionState {
  /** The signed-in user, or null for a guest. */
  user: User | null
  /**
   * No valid access token, but the refresh token would still work (the access token lives 390
   * minutes, the refresh token 30 days): the browser should refresh rather than show a guest.
   */
  refreshable: boolean
}

/**
 * Who is signed in, for server rendering (the header and the route guards on first render).
 * Browsers ask GET /api/user/profile instead, whose 401 starts the spec's refresh (§8).
 *
 * @access open: a guest gets `{ user: null }` (the authorisation matrix reads this tag).
 */
export const fetchSessionUser = createServerFn({ method: 'GET' })
  .middleware([authContext])
  .handler(async ({ context }): Promise<SessionState> => {
    if (context.auth) return { user: context.auth.user, refreshable: false }
    const { via, refreshToken } = requestTokens(getRequest())
    const refreshable = via === 'cookie' && (await isRefreshTokenUsable(context.db, refreshToken))
    return { user: null, refreshable }
  })

/** /auth: send a code. Errors: 422 (phone, channel, captcha_token), 429 with retry-after. */
export const requestLoginCodeFn = createServerFn({ method: 'POST' })
  .middleware([authContext])
  .validator(validate(requestCodeInput))
  .handler(async ({ data, context }) =>
    requestLoginCode(
      context.db,
      data,
      signInMeta(context.meta),
      captchaVerifier(serverConfig().captcha.secret),
    ),
  )

/**
 * The 429 page's "Try again" (spec §2, §9): whether this client's sign-in `step` for `phone` is
 * still locked, and for how many seconds, counting no attempt. 0: give the form back.
 *
 * Open: a guest on the sign-in page asks it about the limits of its own attempts.
 */
export const signInLockFn = createServerFn({ method: 'POST' })
  .middleware([authContext])
  .validator(validate(signInLockInput))
  .handler(async ({ data, context }) => ({
    retry_after: await signInLockWait(context.db, data.step, data.phone, signInMeta(context.meta)),
  }))

/** /auth/verify: signed in (cookies set) or `needs_registration` with a ticket for registerFn. */
export const verifyLoginCodeFn = createServerFn({ method: 'POST' })
  .middleware([authContext])
  .validator(validate(verifyCodeInput))
  .handler(async ({ data, context }) => {
    const result = await verifyLoginCode(
      context.db,
      data,
      signInMeta(context.meta),
      captchaVerifier(serverConfig().captcha.secret),
    )
    if (result.kind === 'signed_in') return finishSignIn(result, context.secureCookies)
    return {
      status: 'needs_registration' as const,
      phone: result.phone,
      ticket: result.ticket,
      expires_in: result.expires_in,
    }
  })

export const registerFn = createServerFn({ method: 'POST' })
  .middleware([authContext])
  .validator(validate(registerInput))
  .handler(async ({ data, context }) =>
    finishSignIn(await registerAccount(context.db, data, context.meta), context.secureCookies),
  )

export const passwordSignInFn = createServerFn({ method: 'POST' })
  .middleware([authContext])
  .validator(validate(passwordSignInInput))
  .handler(async ({ data, context }) =>
    finishSignIn(
      await passwordSignIn(
        context.db,
        data,
        signInMeta(context.meta),
        captchaVerifier(serverConfig().captcha.secret),
      ),
      context.secureCookies,
    ),
  )

/** Rotates the refresh cookie. `ok: false` means the session is over (cookies cleared). */
export const refreshSessionFn = createServerFn({ method: 'POST' })
  .middleware([authContext])
  .handler(async ({ context }) => {
    const token = readCookie(getRequest(), REFRESH_COOKIE)
    const result = token ? await rotateRefreshToken(context.db, token, context.meta) : null
    if (result?.kind === 'rotated') applyCookies(sessionCookies(result.session, context.secureCookies))
    if (!result || result.kind === 'invalid') {
      applyCookies(clearedSessionCookies(context.secureCookies))
      return { ok: false as const }
    }
    return { ok: true as const }
  })

export const signOutFn = createServerFn({ method: 'POST' })
  .middleware([authContext])
  .handler(async ({ context }) => {
    await signOut(context.db, requestTokens(getRequest()))
    applyCookies(clearedSessionCookies(context.secureCookies))
    return { ok: true as const }
  })

/** /buyer/profile/profile */
export const updateProfileFn = createServerFn({ method: 'POST' })
  .middleware([signedIn])
  .validator(validate(updateProfileInput))
  .handler(async ({ data, context }) => updateProfile(context.db, context.auth, data))

/** Sets a first password or changes it (current_password required then). */
export const changePasswordFn = createServerFn({ method: 'POST' })
  .middleware([signedIn])
  .validator(validate(changePasswordInput))
  .handler(async ({ data, context }) => changePassword(context.db, context.auth, data))

/** /buyer/profile/mobile, step 1: a code to the new number. */
export const requestMobileChangeCodeFn = createServerFn({ method: 'POST' })
  .middleware([signedIn])
  .validator(validate(requestMobileChangeInput))
  .handler(async ({ data, context }) => requestMobileChangeCode(context.db, context.auth, data, context.meta))

/** Step 2: confirm with the code; returns the updated user. */
export const confirmMobileChangeFn = createServerFn({ method: 'POST' })
  .middleware([signedIn])
  .validator(validate(confirmMobileChangeInput))
  .handler(async ({ data, context }) => confirmMobileChange(context.db, context.auth, data))
