import { isBuiltServer } from './server/runtime-mode.server'
import { randomBytes, randomUUID } from 'node:crypto'
import { createServerEntry, createStartHandler, defaultStreamHandler } from '@tanstack/react-start/server'
import { serverConfig } from './server/config.server'
import { seedDemoData } from '~/features/demo/index.server'
import { registerFeatureHooks } from './feature-hooks.server'
import { registerJobHandlers } from './job-handlers.server'
import { initDatabase } from './server/db/database.server'
import { plainErrorForBots } from '~/features/shell/index.server'
import { compressResponse } from './server/http/compression.server'
import { cachedGuestPage, clearPageCache, storedGuestPage } from './server/http/page-cache.server'
import {
  internalErrorMessage,
  isClientAbort,
  malformedPayloadMessage,
  malformedServerFnPayload,
  SERVER_FN_PREFIX,
  serverFnCall,
  type ServerFnCall,
} from './server/http/error-contract.server'
import { securityHeaders } from './server/http/security-headers.server'
import { requestScope, rootLogger, scopeOfRequest } from './server/log.server'
import { rememberLocaleOfRequest } from './server/auth/user-locale.server'
import { LOCALE_COOKIE, localeOfRequest, preferenceCookie } from './lib/i18n'

// In production the boot plugin has done this (migrations, job queue and its workers) before
// listening; in `vite dev`, which runs no boot plugin, it happens here. Both are idempotent.
const config = serverConfig()
// What features above a lower one do on its events (a payment, a catalogue refresh, a new
// account), before the seed and before any request or job.
registerFeatureHooks()
await initDatabase(seedDemoData)
// Workers start as their handlers register; periodic work runs on pg-boss schedules.
registerJobHandlers()

const handler = createStartHandler(defaultStreamHandler)
const headerMode = { dev: !isBuiltServer, https: config.publicSiteUrl.startsWith('https:') }
const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/

export default createServerEntry({
  async fetch(request, ...rest) {
    const started = performance.now()
    const incoming = request.headers.get('x-request-id')
    const requestId = incoming && REQUEST_ID.test(incoming) ? incoming : randomUUID()
    // The language and money unit the request asks for, read once: the stored-page check and the
    // request's scope (log.server.ts) both use it.
    const asked = localeOfRequest(request, config.defaultLocale)
    // A guest's stored page is a complete response (its headers, CSP and encoding prepared when it
    // was stored): sent as it is, it costs about what serving a static file does (issue #21).
    // (Not when `?lang=` must set the locale cookie: that response goes the long way.)
    const stored = asked.remember ? null : storedGuestPage(request, requestId)
    if (stored) {
      if (rootLogger.isLevelEnabled('info'))
        rootLogger.info(
          {
            requestId,
            method: 'GET',
            path: new URL(request.url).pathname,
            status: 200,
            ms: Math.round(performance.now() - started),
          },
          'request',
        )
      return stored
    }
    const cspNonce = randomBytes(16).toString('base64')
    const { scope, remember } = scopeOfRequest(request, { requestId, cspNonce, asked })
    const log = scope.log
    return requestScope.run(scope, async () => {
      let response: Response
      const isServerFn = new URL(request.url).pathname.startsWith(SERVER_FN_PREFIX)
      const call: ServerFnCall = { started: false, handled: false }
      try {
        const malformed = isServerFn ? await malformedServerFnPayload(request) : null
        if (malformed) response = Response.json({ message: malformed, requestId }, { status: 400 })
        else if (isServerFn) {
          response = await serverFnCall.run(call, () => handler(request, ...rest))
          // Start answers a payload it cannot decode with a 500 before the function runs.
          if (!call.started && response.status >= 500) {
            await response.body?.cancel()
            response = Response.json({ message: malformedPayloadMessage(), requestId }, { status: 400 })
          }
        } else {
          const page = await cachedGuestPage(request, { nonce: cspNonce, mode: headerMode }, () =>
            handler(request, ...rest),
          )
          response = await plainErrorForBots(request, page)
        }
      } catch (error) {
        if (isClientAbort(error, request.signal)) {
          log.info({ method: request.method, url: request.url }, 'client closed the connection')
          response = new Response(null, { status: 499 })
        } else {
          log.error({ err: error, method: request.method, url: request.url }, 'unhandled request error')
          response = Response.json({ message: internalErrorMessage(requestId), requestId }, { status: 500 })
        }
      }
      // A seller's or admin's change (it wrote an audit event) may show on guests' cached pages.
      if (scope.recordedChange) clearPageCache()
      const headers = new Headers(response.headers)
      for (const [name, value] of Object.entries(securityHeaders({ nonce: cspNonce }, headerMode))) {
        if (!headers.has(name)) headers.set(name, value)
      }
      headers.set('x-request-id', requestId)
      // `?lang=` chooses the language and it is remembered (the page then shows it wherever it goes).
      if (remember && scope.locale) {
        headers.append('set-cookie', preferenceCookie(LOCALE_COOKIE, scope.locale, headerMode.https))
        await rememberLocaleOfRequest(request, scope.locale)
      }
      response = new Response(response.body, {
        status: response.status,
        statusText: response.statusText,
        headers,
      })
      const url = new URL(request.url)
      log.info(
        {
          method: request.method,
          path: url.pathname,
          status: response.status,
          ms: Math.round(performance.now() - started),
        },
        'request',
      )
      return compressResponse(request, response)
    })
  },
})
