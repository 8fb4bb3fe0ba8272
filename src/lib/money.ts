import { constants } from '#app-config'

/** Currencies whose minor unit is the major unit (no decimals in practice). */
const ZERO_DECIMAL = new Set(['IRR', 'IRT', 'JPY', 'KRW'])

/** Formats an integer amount of minor units, e.g. 1250000 → "IRR 1,250,000". */
export function formatMoney(minorUnits: number, currency: string = constants.money.currency): string {
  if (!Number.isSafeInteger(minorUnits))
    throw new RangeError(`Money must be an integer of minor units: ${minorUnits}`)
  const digits = ZERO_DECIMAL.has(currency) ? 0 : 2
  const amount = digits === 0 ? minorUnits : minorUnits / 10 ** digits
  return new Intl.NumberFormat(constants.money.locale, {
    style: 'currency',
    currency,
    currencyDisplay: 'code',
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  })
    .format(amount)
    .replace(/\u00a0/g, ' ')
}
