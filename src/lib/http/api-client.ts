import ky, { type KyInstance, type Options } from 'ky'
import { constants, publicConfig } from '#app-config'
import { ApiError, toApiError } from '../api-error'
import { notify as showToast, type ToastType } from '../notify'
import { sessionStorageKeys } from '../storage-keys'
import { emitSessionEnded } from './session-events'

/** Per-request switches, passed as ky's `context` option. */
export interface ApiRequestContext {
  /** No success or error toasts for this call (the caller tells the user itself, or nobody should). */
  silent?: boolean
  /**
   * The profile fetch: a 401 means "signed out", so it refreshes only without the refresh_expire
   * cookie and never sends the user to /auth (spec §8).
   */
  profileFetch?: boolean
}

/** What the client needs from its surroundings: injectable so tests run it against a real server. */
export interface ApiClientDeps {
  baseUrl: string
  fetch?: typeof fetch
  notify: (type: ToastType, message: string) => void
  /** The bearer token, where one is held (non-browser clients; browsers use the httpOnly cookie). */
  getToken: () => string | null
  readCookie: (name: string) => string | null
  /** Asks the server for a new access token; true when it issued one. */
  refreshSession: () => Promise<boolean>
  /** Reloads the page; false when the reload guard refuses (a reload just happened). */
  reload: () => boolean
  /** Clears the user and the cookies; with redirectToAuth, goes to /auth. */
  endSession: (opts: { redirectToAuth: boolean }) => Promise<void>
}

export const REFRESH_EXPIRED_COOKIE = 'refresh_expire'

function contextOf(options: { context?: Record<string, unknown> }): ApiRequestContext {
  return (options.context ?? {}) as ApiRequestContext
}

async function successMessage(response: Response): Promise<string | null> {
  if (!(response.headers.get('content-type') ?? '').includes('json')) return null
  try {
    const body: unknown = await response.clone().json()
    const message = (body as { message?: unknown } | null)?.message
    return typeof message === 'string' && message.trim() ? message : null
  } catch {
    return null
  }
}

/**
 * The JSON API client (spec §7, §8). Reads retry once on transient statuses; writes never retry.
 * Failures come out as ApiError, after the user has been told (unless the call is silent).
 */
export function createApiClient(deps: ApiClientDeps): KyInstance {
  // Several calls can fail with 401 at once: they share one refresh.
  let refreshing: Promise<boolean> | null = null
  const refreshOnce = () => {
    refreshing ??= deps.refreshSession().finally(() => {
      refreshing = null
    })
    return refreshing
  }

  async function handleUnauthorized(context: ApiRequestContext): Promise<void> {
    if (context.profileFetch && deps.readCookie(REFRESH_EXPIRED_COOKIE)) return
    const refreshed = await refreshOnce().catch(() => false)
    // A fresh token, yet the server still says 401 right after a reload: reloading again would
    // loop, so the session is treated as over.
    if (refreshed && deps.reload()) return
    await deps.endSession({ redirectToAuth: !context.profileFetch })
  }

  async function report(error: ApiError, context: ApiRequestContext): Promise<void> {
    if (error.status === 401) return handleUnauthorized(context)
    // A 404 is raised as "Module Not Found" for the caller (an error page or an empty state).
    if (error.status === 404 || context.silent) return
    deps.notify('error', error.message)
    error.reported = true
  }

  return ky.create({
    baseUrl: deps.baseUrl,
    fetch: deps.fetch,
    credentials: 'same-origin',
    timeout: constants.http.timeoutMs,
    retry: {
      limit: constants.http.retryLimit,
      methods: [...constants.http.retryMethods],
      statusCodes: [...constants.http.retryStatusCodes],
      // Honour Retry-After on rate limits, but never stall a page for long on it.
      afterStatusCodes: [429, 503],
      maxRetryAfter: 5000,
    },
    hooks: {
      beforeRequest: [
        ({ request, options }) => {
          request.headers.set('accept', 'application/json')
          if (!(options.body instanceof FormData)) request.headers.set('content-type', 'application/json')
          const token = deps.getToken()
          if (token) request.headers.set('authorization', `Bearer ${token}`)
        },
      ],
      afterResponse: [
        async ({ response, options }) => {
          if ((response.status !== 200 && response.status !== 201) || contextOf(options).silent) return
          const message = await successMessage(response)
          if (message) deps.notify('success', message)
        },
      ],
      beforeError: [
        async ({ error, options }) => {
          const apiError = toApiError(error)
          await report(apiError, contextOf(options))
          return apiError
        },
      ],
    },
  })
}

function readBrowserCookie(name: string): string | null {
  if (typeof document === 'undefined') return null
  const prefix = `${name}=`
  const found = document.cookie.split('; ').find((part) => part.startsWith(prefix))
  return found ? decodeURIComponent(found.slice(prefix.length)) : null
}

let heldToken: string | null = null

/** For clients that hold a token themselves; the browser app relies on the httpOnly session cookie. */
export function setAuthToken(token: string | null): void {
  heldToken = token
}

const browserDeps: ApiClientDeps = {
  baseUrl: publicConfig.apiBaseUrl,
  notify: showToast,
  getToken: () => heldToken,
  readCookie: readBrowserCookie,
  async refreshSession() {
    const response = await fetch('/api/auth/refresh-token', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { accept: 'application/json' },
    })
    return response.ok
  },
  reload() {
    // Spec §9 reload guard: at most one reload per 10 s, so a server that keeps answering 401
    // after a successful refresh cannot put the tab in a reload loop.
    const key = sessionStorageKeys.authReloadAt
    const last = Number(window.sessionStorage.getItem(key) ?? 0)
    if (Date.now() - last < constants.chunkReload.guardMs) return false
    window.sessionStorage.setItem(key, String(Date.now()))
    window.location.reload()
    return true
  },
  async endSession({ redirectToAuth }) {
    setAuthToken(null)
    await fetch('/api/auth/remove-cookie', { credentials: 'same-origin' }).catch(() => undefined)
    const handled = emitSessionEnded({ redirectToAuth })
    if (!handled && redirectToAuth) window.location.assign('/auth')
  },
}

/** The app's API client. Browser-only: server code calls server functions, not its own HTTP API. */
export const api: KyInstance = createApiClient(browserDeps)

/** Typed helper for per-call switches: `api.get('x', apiOptions({ silent: true }))`. */
export function apiOptions(context: ApiRequestContext, extra: Options = {}): Options {
  return { ...extra, context: { ...extra.context, ...context } }
}
