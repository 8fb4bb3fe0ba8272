import { describe, expect, it } from 'vitest'
import { localeOfRequest, preferenceCookie } from '~/lib/i18n'
import { m } from '~/lib/messages'
import { formatMoney, formatNumber } from '~/lib/money'
import { formatTehranDateTime, formatTehranDay } from '~/lib/tehran-time'
import { requestScope, rootLogger, type RequestScope } from '~/server/log.server'

/** Runs `fn` as a request in `locale` (with `moneyUnit`) would: what lib/i18n reads on the server. */
function asRequest<T>(scope: Partial<RequestScope>, fn: () => T): T {
  return requestScope.run({ requestId: 'test', log: rootLogger, cspNonce: 'n', ...scope }, fn)
}

const request = (url: string, cookie?: string) =>
  new Request(url, cookie ? { headers: { cookie } } : undefined)

describe('the locale of a request (issue #22)', () => {
  it('is the default when nothing asks, Persian for the market', () => {
    expect(localeOfRequest(request('http://x/product'), 'fa')).toEqual({
      locale: 'fa',
      remember: false,
      moneyUnit: 'rial',
    })
  })

  it('follows ?lang= first and asks to remember it, then the cookie', () => {
    expect(localeOfRequest(request('http://x/?lang=en', 'locale=fa'), 'fa')).toMatchObject({
      locale: 'en',
      remember: true,
    })
    expect(localeOfRequest(request('http://x/?lang=en', 'locale=en'), 'fa')).toMatchObject({
      locale: 'en',
      remember: false,
    })
    expect(localeOfRequest(request('http://x/', 'a=1; locale=en; money=toman'), 'fa')).toEqual({
      locale: 'en',
      remember: false,
      moneyUnit: 'toman',
    })
  })

  it('ignores values that are not a locale or a unit', () => {
    expect(localeOfRequest(request('http://x/?lang=de', 'locale=<script>; money=dollar'), 'fa')).toEqual({
      locale: 'fa',
      remember: false,
      moneyUnit: 'rial',
    })
  })

  it('remembers a choice for a year, Secure on https', () => {
    expect(preferenceCookie('locale', 'en', true)).toBe(
      'locale=en; Path=/; Max-Age=31536000; SameSite=Lax; Secure',
    )
  })
})

describe('words, amounts and dates in the request’s locale', () => {
  const instant = new Date('2026-11-26T20:45:00Z') // 00:15 on 6 Azar 1405 in Tehran

  it('Persian: Persian digits, the Persian calendar, rial or toman', () => {
    asRequest({ locale: 'fa' }, () => {
      expect(m.common_money_toman()).toBe('تومان')
      expect(formatMoney(1_250_000)).toBe('۱٬۲۵۰٬۰۰۰ ریال')
      expect(formatNumber(1234)).toBe('۱٬۲۳۴')
      expect(formatTehranDay(instant)).toBe('۶ آذر ۱۴۰۵')
      expect(formatTehranDateTime(instant)).toBe('۶ آذر ۱۴۰۵، ۰:۱۵ به وقت تهران')
    })
    asRequest({ locale: 'fa', moneyUnit: 'toman' }, () => {
      expect(formatMoney(1_250_000)).toBe('۱۲۵٬۰۰۰ تومان')
      expect(formatMoney(1_250_005)).toBe('۱۲۵٬۰۰۰٫۵ تومان')
    })
  })

  it('English: Latin digits, the Gregorian calendar, Tehran time', () => {
    asRequest({ locale: 'en' }, () => {
      expect(formatMoney(1_250_000)).toBe('IRR 1,250,000')
      expect(formatTehranDay(instant)).toBe('27 Nov 2026')
      expect(formatTehranDateTime(instant)).toBe('27 Nov 2026, 00:15 Tehran')
    })
    asRequest({ locale: 'en', moneyUnit: 'toman' }, () => {
      expect(formatMoney(1_250_000)).toBe('125,000 toman')
    })
  })
})
