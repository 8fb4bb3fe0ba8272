import { constants } from '#app-config'
import { textDirection } from '~/lib/i18n'
import { asciiDigits } from './auth.schemas'

/** +989121234567 → "+98 912 123 4567": easier to check at a glance. Anything else as it is. */
export function formatPhone(phone: string): string {
  const match = /^\+98(\d{3})(\d{3})(\d{4})$/.exec(phone)
  return match ? `+98 ${match[1]} ${match[2]} ${match[3]}` : phone
}

/** Whatever was typed or pasted ("Code: ۱۲۳ ۴۵۶", "123-456") as plain digits, at most a code's length. */
export function codeDigits(value: string): string {
  return asciiDigits(value).replace(/\D/g, '').slice(0, constants.auth.otpLength)
}

/**
 * A phone number inside a sentence: formatted, and in a right-to-left page kept left to right
 * (Unicode isolates), so "+98 912 …" does not turn into "98 912 …+" in Persian text.
 */
export function phoneInText(phone: string): string {
  const formatted = formatPhone(phone)
  return textDirection() === 'rtl' ? `\u2066${formatted}\u2069` : formatted
}

/** A count of seconds in a sentence: no grouping ("3295"), in Persian digits on a Persian page. */
export { plainNumber } from '~/lib/plain-number'
