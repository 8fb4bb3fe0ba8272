/**
 * Digits as people type them (Persian, Arabic-Indic or Latin) and money inputs, in a module of
 * their own: the listing's price filter needs only these on its first paint (issue #21), not the
 * rest of the field logic. field-logic.ts re-exports them for the form kit.
 */

const PERSIAN_ZERO = 0x06f0
const ARABIC_ZERO = 0x0660

/** Persian (۰-۹) and Arabic-Indic (٠-٩) digits as Latin ones; everything else unchanged. */
export function latinDigits(text: string): string {
  return text.replace(/[\u06f0-\u06f9\u0660-\u0669]/g, (digit) => {
    const code = digit.charCodeAt(0)
    return String(code >= PERSIAN_ZERO ? code - PERSIAN_ZERO : code - ARABIC_ZERO)
  })
}

/** Groups a run of Latin digits in threes: "1250000" → "1,250,000". */
export function groupDigits(digits: string, separator = ','): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, separator)
}

/**
 * What a money input shows while the user types: only the digits they typed (any script),
 * leading zeros dropped, grouped in threes. Anything else (letters, a pasted "IRR") is dropped.
 */
export function formatMoneyInput(text: string): string {
  const digits = latinDigits(text)
    .replace(/\D/g, '')
    .replace(/^0+(?=\d)/, '')
  return groupDigits(digits)
}

/**
 * The integer number of minor units a money input holds, or null when it is empty.
 * NaN when it is not a whole amount that fits a safe integer (the schema then refuses it).
 * The shop's currencies (IRR, IRT) have no decimals, so the minor unit is the major unit.
 */
export function parseMoneyInput(text: string): number | null {
  const digits = latinDigits(text).replace(/[\s,،٬']/g, '')
  if (digits === '') return null
  if (!/^\d+$/.test(digits)) return Number.NaN
  const value = Number(digits)
  return Number.isSafeInteger(value) ? value : Number.NaN
}
