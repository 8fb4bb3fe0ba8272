import { constants } from '#app-config'
import { currentLocale, currentMoneyUnit, intlLocale } from './i18n'
import { m } from './messages'

/** Currencies whose minor unit is the major unit (no decimals in practice). */
const ZERO_DECIMAL = new Set(['IRR', 'IRT', 'JPY', 'KRW'])

const grouped = new Map<string, Intl.NumberFormat>()
function numberFormat(locale: string, digits: number): Intl.NumberFormat {
  const key = `${locale}/${digits}`
  let format = grouped.get(key)
  if (!format) {
    format = new Intl.NumberFormat(locale, { minimumFractionDigits: 0, maximumFractionDigits: digits })
    grouped.set(key, format)
  }
  return format
}

/** A count or quantity in the page's digits, grouped: "1,250" or "۱٬۲۵۰". */
export const formatNumber = (value: number) => numberFormat(intlLocale(currentLocale()), 2).format(value)

/**
 * An integer amount of minor units for the page: rials as rials or tomans (10 rials, the reader's
 * choice), in the page's language and digits: "IRR 1,250,000", "125,000 toman", "۱٬۲۵۰٬۰۰۰ ریال".
 * Other currencies (plans priced abroad, tests) show their ISO code: "EUR 1,234.56".
 */
export function formatMoney(minorUnits: number, currency: string = constants.money.currency): string {
  if (!Number.isSafeInteger(minorUnits))
    throw new RangeError(`Money must be an integer of minor units: ${minorUnits}`)
  const locale = currentLocale()
  if (currency === 'IRR') {
    const toman = currentMoneyUnit() === 'toman'
    const amount = numberFormat(intlLocale(locale), 1).format(toman ? minorUnits / 10 : minorUnits)
    if (locale === 'en' && !toman) return `IRR ${amount}`
    return toman ? m.common_amount_toman({ amount }) : m.common_amount_rial({ amount })
  }
  const digits = ZERO_DECIMAL.has(currency) ? 0 : 2
  const amount = digits === 0 ? minorUnits : minorUnits / 10 ** digits
  return new Intl.NumberFormat(locale === 'fa' ? intlLocale(locale) : constants.money.locale, {
    style: 'currency',
    currency,
    currencyDisplay: 'code',
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  })
    .format(amount)
    .replace(/\u00a0/g, ' ')
}
