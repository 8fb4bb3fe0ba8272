import '@tanstack/react-start/server-only'
import { apiRoute, csrfRefusedMessage, type ApiReply } from '~/server/auth/api-route.server'
import { isSameSiteGet } from '~/server/auth/csrf.server'
import {
  REFRESH_COOKIE,
  clearedSessionCookies,
  readCookie,
  refreshExpireCookie,
  sessionCookies,
} from '~/server/auth/cookies.server'
import { isRefreshTokenUsable, requestTokens, rotateRefreshToken } from '~/server/auth/session.server'
import { HttpError, parseInput, readJsonBody, unauthorized } from '~/server/http/api-errors.server'
import { captchaVerifier } from '~/server/providers/captcha/captcha.server'
import {
  apiPasswordSignInInput,
  apiRefreshInput,
  apiRegisterInput,
  apiVerifyCodeInput,
  requestCodeInput,
} from './auth.schemas'
import {
  passwordSignIn,
  registerAccount,
  requestLoginCode,
  signOut,
  verifyLoginCode,
  type SignedIn,
  type SignInMeta,
} from './auth.server'
import type { SessionMeta } from '~/server/auth/session.server'
import { KNOWN_DEVICE_COOKIE, knownDeviceCookie } from './known-device.server'
import { m } from '~/lib/messages'
import { formatNumber } from '~/lib/money'

/**
 * The auth REST endpoints (spec §7 local routes, plus the code flow for non-browser clients).
 * Browsers get httpOnly cookies; a client that asks for `delivery: "body"` gets the tokens in the
 * reply instead and sends `Authorization: Bearer`. Tokens travel back the way they came.
 */

export const SESSION_EXPIRED = () => m.account_session_expired()

/** The client of a sign-in request: its address and its known-device cookie (issue #35). */
const signInMeta = (request: Request, meta: SessionMeta): SignInMeta => ({
  ...meta,
  knownDevice: readCookie(request, KNOWN_DEVICE_COOKIE),
})

function signedInReply(
  request: Request,
  result: SignedIn,
  delivery: 'cookie' | 'body',
  secure: boolean,
  status = 200,
): ApiReply {
  const { session, user } = result
  const tokens =
    delivery === 'body' ? { access_token: session.accessToken, refresh_token: session.refreshToken } : {}
  return {
    status,
    body: {
      message: m.account_api_signed_in(),
      data: {
        status: 'signed_in',
        user,
        access_expires_at: session.accessExpiresAt.toISOString(),
        refresh_expires_at: session.refreshExpiresAt.toISOString(),
        ...tokens,
      },
    },
    // A browser is remembered as a known device of this phone: strangers' failures elsewhere do
    // not lock it out of its next sign-in.
    cookies:
      delivery === 'cookie'
        ? [
            ...sessionCookies(session, secure),
            knownDeviceCookie(readCookie(request, KNOWN_DEVICE_COOKIE), user.cellphone, secure),
          ]
        : [],
  }
}

/**
 * GET /api/user/profile → `{ data: User }`, or 401 (with refresh_expire when refreshing cannot help).
 *
 * @access user: it answers a guest's 401 itself, to add the refresh_expire cookie.
 */
export const profileEndpoint = apiRoute(async ({ request, db, secure, auth }) => {
  const caller = await auth()
  if (caller) return { body: { data: caller.user } }
  const { via } = requestTokens(request)
  const refreshable =
    via === 'cookie' && (await isRefreshTokenUsable(db, readCookie(request, REFRESH_COOKIE)))
  return {
    status: 401,
    body: { message: unauthorized().message },
    cookies: via === 'cookie' && !refreshable ? [refreshExpireCookie(secure)] : [],
  }
})

/** POST /api/auth/refresh-token: rotates the refresh token (cookie, or `refresh_token` in the body). */
export const refreshEndpoint = apiRoute(async ({ request, db, meta, secure }) => {
  const input = parseInput(apiRefreshInput, await readJsonBody(request))
  const fromBody = Boolean(input.refresh_token)
  const token = input.refresh_token ?? readCookie(request, REFRESH_COOKIE)
  const expired: ApiReply = {
    status: 401,
    body: { message: SESSION_EXPIRED() },
    cookies: fromBody ? [] : clearedSessionCookies(secure),
  }
  if (!token) return expired
  const result = await rotateRefreshToken(db, token, meta, fromBody ? 0 : undefined)
  if (result.kind === 'concurrent') return { body: { message: m.account_api_session_already_refreshed() } }
  if (result.kind === 'invalid') return expired
  const { session } = result
  return {
    body: {
      message: m.account_api_session_refreshed(),
      data: {
        access_expires_at: session.accessExpiresAt.toISOString(),
        refresh_expires_at: session.refreshExpiresAt.toISOString(),
        ...(fromBody ? { access_token: session.accessToken, refresh_token: session.refreshToken } : {}),
      },
    },
    cookies: fromBody ? [] : sessionCookies(session, secure),
  }
})

/** GET /api/auth/remove-cookie: forgets the tokens in this browser (spec §7, after a failed refresh). */
export const removeCookieEndpoint = apiRoute(async ({ request, secure, config }) => {
  // A GET, so the general CSRF check lets it through: another site must not sign a user out.
  if (!isSameSiteGet(request, config.publicSiteUrl)) throw new HttpError(403, csrfRefusedMessage())
  return { body: { message: m.account_api_signed_out() }, cookies: clearedSessionCookies(secure) }
})

/** POST /api/auth/logout: revokes the session (both tokens) and clears the cookies. */
export const logoutEndpoint = apiRoute(async ({ request, db, secure }) => {
  const { accessToken, refreshToken } = requestTokens(request)
  await signOut(db, { accessToken, refreshToken })
  return { body: { message: m.account_api_you_signed_out() }, cookies: clearedSessionCookies(secure) }
})

/** POST /api/auth/otp/request {phone, channel, captcha_token} */
export const otpRequestEndpoint = apiRoute(async ({ request, db, meta, config }) => {
  const input = parseInput(requestCodeInput, await readJsonBody(request))
  const sent = await requestLoginCode(
    db,
    input,
    signInMeta(request, meta),
    captchaVerifier(config.captcha.secret),
  )
  return {
    body: {
      message: m.account_api_code_sent({ length: formatNumber(sent.code_length), phone: sent.phone }),
      data: sent,
    },
  }
})

/** POST /api/auth/otp/verify {phone, code, captcha_token?, delivery?} */
export const otpVerifyEndpoint = apiRoute(async ({ request, db, meta, secure, config }) => {
  const input = parseInput(apiVerifyCodeInput, await readJsonBody(request))
  const result = await verifyLoginCode(
    db,
    input,
    signInMeta(request, meta),
    captchaVerifier(config.captcha.secret),
  )
  if (result.kind === 'signed_in') return signedInReply(request, result, input.delivery, secure)
  const { kind: _kind, ...registration } = result
  return {
    body: {
      message: m.account_api_name_to_finish(),
      data: { status: 'needs_registration', ...registration },
    },
  }
})

/** POST /api/auth/register {ticket, first_name, last_name, email?, delivery?} */
export const registerEndpoint = apiRoute(async ({ request, db, meta, secure }) => {
  const input = parseInput(apiRegisterInput, await readJsonBody(request))
  return signedInReply(request, await registerAccount(db, input, meta), input.delivery, secure, 201)
})

/** POST /api/auth/password {phone, password, captcha_token?, delivery?} */
export const passwordEndpoint = apiRoute(async ({ request, db, meta, secure, config }) => {
  const input = parseInput(apiPasswordSignInInput, await readJsonBody(request))
  const signedIn = await passwordSignIn(
    db,
    input,
    signInMeta(request, meta),
    captchaVerifier(config.captcha.secret),
  )
  return signedInReply(request, signedIn, input.delivery, secure)
})
