import { baseLocale, isLocale, locales, overwriteGetLocale, type Locale } from '~/paraglide/runtime'
import { REQUEST_SCOPE_KEY } from './csp-nonce'

/**
 * The locale (issue #22): Persian (fa, right to left, the market's and the default) or English.
 * Paths are the same in both, so a shared link stays valid; which one a page shows comes from
 * `?lang=fa|en` (which also remembers it in the `locale` cookie) or else that cookie, else the
 * server's default (`DEFAULT_LOCALE`, fa). The server renders `<html lang dir>` from it and the
 * browser reads it back from there, so both sides render the same words and the same digits.
 *
 * Messages are Paraglide's (`~/paraglide/messages`, compiled from `messages/<area>/<locale>.json`);
 * they call `getLocale()`, which this module answers. Numbers, money and dates are formatted by
 * `lib/format` and `lib/tehran-time` in the same locale.
 */
export type { Locale }
export { isLocale, locales }

export const LOCALE_COOKIE = 'locale'
export const LOCALE_PARAM = 'lang'
/** How amounts are shown (they are stored as integer rials): the `money` cookie, rial by default. */
export const MONEY_COOKIE = 'money'
export const moneyUnits = ['rial', 'toman'] as const
export type MoneyUnit = (typeof moneyUnits)[number]

export const isMoneyUnit = (value: unknown): value is MoneyUnit => value === 'rial' || value === 'toman'

type ScopeHolder = { getStore(): { locale?: Locale; moneyUnit?: MoneyUnit } | undefined }
const serverScope = () =>
  (globalThis as Record<symbol, ScopeHolder | undefined>)[REQUEST_SCOPE_KEY]?.getStore()

/** Outside a request (jobs, scripts, tests): the deployment's default. */
export function fallbackLocale(): Locale {
  const configured = typeof process === 'undefined' ? undefined : process.env.DEFAULT_LOCALE
  return configured && isLocale(configured) ? configured : baseLocale
}

const inBrowser = () => typeof document !== 'undefined'

export function currentLocale(): Locale {
  if (inBrowser()) {
    const lang = document.documentElement.lang
    return isLocale(lang) ? lang : baseLocale
  }
  return serverScope()?.locale ?? fallbackLocale()
}

/** A name kept in both languages (products, categories...): the Persian one in fa when there is one. */
export function nameInLocale(item: { name: string; nameFa?: string | null }): string {
  return textInLocale(item.name, item.nameFa)
}

/** A product's selling unit ("carton of 12" / «کارتن ۱۲ عددی»): the Persian one in fa when there is one. */
export function unitInLocale(item: { unit: string; unitFa?: string | null }): string {
  return textInLocale(item.unit, item.unitFa)
}

/** Any text kept in both languages: the Persian in fa when it is there (not empty), else the English. */
export function textInLocale(text: string, textFa: string | null | undefined): string {
  return (currentLocale() === 'fa' && textFa) || text
}

export function currentMoneyUnit(): MoneyUnit {
  if (inBrowser()) {
    const unit = document.documentElement.dataset.money
    return isMoneyUnit(unit) ? unit : 'rial'
  }
  return serverScope()?.moneyUnit ?? 'rial'
}

overwriteGetLocale(currentLocale)

export const textDirection = (locale: Locale = currentLocale()) => (locale === 'fa' ? 'rtl' : 'ltr')

/** The Intl locale of a page's locale: Persian with the Persian calendar and digits, or British English. */
export const intlLocale = (locale: Locale = currentLocale()) =>
  locale === 'fa' ? 'fa-IR-u-ca-persian-nu-arabext' : 'en-GB'

/** One cookie value read from a Cookie header, without decoding anything else. */
function cookieValue(header: string | null, name: string): string | undefined {
  if (!header) return undefined
  for (const part of header.split(';')) {
    const at = part.indexOf('=')
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim()
  }
  return undefined
}

/**
 * What a request asks for: `?lang=` first (and then it should be remembered: `remember`), else the
 * `locale` cookie, else `fallback`. Anything that is not a known locale or unit is ignored.
 */
export function localeOfRequest(
  request: Request,
  fallback: Locale,
): { locale: Locale; remember: boolean; moneyUnit: MoneyUnit } {
  const cookies = request.headers.get('cookie')
  const moneyCookie = cookieValue(cookies, MONEY_COOKIE)
  const moneyUnit = isMoneyUnit(moneyCookie) ? moneyCookie : 'rial'
  const asked = new URL(request.url).searchParams.get(LOCALE_PARAM)
  const fromCookie = cookieValue(cookies, LOCALE_COOKIE)
  if (asked && isLocale(asked)) return { locale: asked, remember: asked !== fromCookie, moneyUnit }
  if (fromCookie && isLocale(fromCookie)) return { locale: fromCookie, remember: false, moneyUnit }
  return { locale: fallback, remember: false, moneyUnit }
}

/** A year, so the choice outlives the session; readable by the page (not HttpOnly: it is no secret). */
export const preferenceCookie = (name: string, value: string, secure: boolean) =>
  `${name}=${value}; Path=/; Max-Age=31536000; SameSite=Lax${secure ? '; Secure' : ''}`

/** The reader's choice of rial or toman, kept in the browser's cookie; the page reloads to show it. */
export function rememberMoneyUnit(unit: MoneyUnit) {
  document.cookie = preferenceCookie(MONEY_COOKIE, unit, window.location.protocol === 'https:')
  window.location.reload()
}
