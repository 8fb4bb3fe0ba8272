import '@tanstack/react-start/server-only'
import { formatNumber } from '~/lib/money'
import { formatTehranDay } from '~/lib/tehran-time'

/**
 * Pieces of SMS texts. A text is a message (`m.server_sms_…`) in the language of the moment it is
 * written: the request's, or for texts a job sends (renewal reminders) the deployment's default.
 */

/** A calendar day in a text, as pages show it: "1 Dec 2026" in English, "۱۰ آذر ۱۴۰۵" in Persian. */
export const smsDay = (date: Date) => formatTehranDay(date)

/** A count in a text, in the language's digits. */
export const smsNumber = (value: number) => formatNumber(value)
