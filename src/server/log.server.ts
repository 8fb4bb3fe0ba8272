import '@tanstack/react-start/server-only'
import { AsyncLocalStorage } from 'node:async_hooks'
import { pino, type Logger } from 'pino'
import { REQUEST_SCOPE_KEY } from '~/lib/csp-nonce'
import { localeOfRequest, type Locale, type MoneyUnit } from '~/lib/i18n'

const level = process.env.LOG_LEVEL ?? (process.env.NODE_ENV === 'test' ? 'silent' : 'info')

/** Structured JSON logs; one line per event. */
export const rootLogger: Logger = pino({ level, base: { app: 'omdeh' } })

export interface RequestScope {
  requestId: string
  log: Logger
  cspNonce: string
  /** The page's language and how it shows amounts (lib/i18n reads them through REQUEST_SCOPE_KEY). */
  locale?: Locale
  moneyUnit?: MoneyUnit
  /** Set when the request recorded a seller's or admin's change (an audit event): see page-cache. */
  recordedChange?: boolean
}

export const requestScope = new AsyncLocalStorage<RequestScope>()
;(globalThis as Record<symbol, unknown>)[REQUEST_SCOPE_KEY] = requestScope

/** The logger of the current request (with its request id), else the root logger. */
export function log(): Logger {
  return requestScope.getStore()?.log ?? rootLogger
}

/** The language and money unit a request asked for: lib/i18n's `localeOfRequest`. */
export type AskedLocale = ReturnType<typeof localeOfRequest>

/**
 * A request's scope as the app entry (src/server.ts) opens it: its id and logger, the CSP nonce, and
 * the language and money unit it asked for (`?lang=`, else the `locale` cookie, else the default).
 * `remember` says that `?lang=` chose a language the cookie should now keep. The entry passes what
 * it has already read (`asked`), so a request's locale is parsed once; without it, it is read here.
 */
export function scopeOfRequest(
  request: Request,
  options: { requestId: string; cspNonce: string } & ({ asked: AskedLocale } | { defaultLocale: Locale }),
): { scope: RequestScope; remember: boolean } {
  const asked = 'asked' in options ? options.asked : localeOfRequest(request, options.defaultLocale)
  const scope: RequestScope = {
    requestId: options.requestId,
    log: rootLogger.child({ requestId: options.requestId }),
    cspNonce: options.cspNonce,
    locale: asked.locale,
    moneyUnit: asked.moneyUnit,
  }
  return { scope, remember: asked.remember }
}

/**
 * Runs `work` with `locale` as the language messages, dates and amounts are written in, and
 * `moneyUnit` if given (else the outer scope's): a job working for a user, or a message to someone
 * other than the one who made the request (an SMS to a buyer about their order). Without a locale,
 * `work` runs in the scope it is in. The rest of the outer scope (request id, logger) is kept.
 */
export function inLocale<T>(locale: Locale | null | undefined, work: () => T, moneyUnit?: MoneyUnit): T {
  if (!locale) return work()
  const outer = requestScope.getStore()
  return requestScope.run(
    {
      requestId: outer?.requestId ?? 'job',
      log: outer?.log ?? rootLogger,
      cspNonce: '',
      ...outer,
      locale,
      ...(moneyUnit ? { moneyUnit } : {}),
    },
    work,
  )
}
