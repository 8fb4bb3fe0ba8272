import { constants } from '#app-config'
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
