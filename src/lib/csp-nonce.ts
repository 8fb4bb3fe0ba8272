import { createIsomorphicFn } from '@tanstack/react-start'

/** The server's request scope registers itself here so that client-safe code needs no server import. */
export const REQUEST_SCOPE_KEY = Symbol.for('omdeh.requestScope')

type ScopeHolder = { getStore(): { cspNonce: string } | undefined }

/**
 * The per-request Content-Security-Policy nonce: set on the server for the scripts the router
 * renders; the browser needs none after hydration.
 */
export const currentCspNonce = createIsomorphicFn()
  .server(
    () => (globalThis as Record<symbol, ScopeHolder | undefined>)[REQUEST_SCOPE_KEY]?.getStore()?.cspNonce,
  )
  .client(() => undefined)
