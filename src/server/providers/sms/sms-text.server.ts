import '@tanstack/react-start/server-only'
import { currentLocale } from '~/lib/i18n'
import { formatNumber } from '~/lib/money'
import { formatTehranDay, tehranDayOf } from '~/lib/tehran-time'

/**
 * Pieces of SMS texts. A text is a message (`m.server_sms_…`) in the language of the moment it is
 * written: the request's, or for texts a job sends (renewal reminders) the deployment's default.
 */

/** A calendar day in a text: "2026-12-01" in English, "۱۰ آذر ۱۴۰۵" in Persian. */
export const smsDay = (date: Date) => (currentLocale() === 'fa' ? formatTehranDay(date) : tehranDayOf(date))

/** A count in a text, in the language's digits. */
export const smsNumber = (value: number) => formatNumber(value)
