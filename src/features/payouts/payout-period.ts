import { tehranDayOf } from '~/lib/tehran-time'

/**
 * A payout batch's period: the ISO 8601 week ("2026-W48") of the Tehran calendar day `at` falls in.
 * ISO weeks run Monday to Sunday; the weekly run (Saturday morning in Tehran) and an admin pressing
 * "make this week's batch" on the same Tehran week name the same period.
 */
export function payoutPeriodOf(at: Date): string {
  const day = new Date(`${tehranDayOf(at)}T00:00:00Z`)
  const weekday = (day.getUTCDay() + 6) % 7 // 0 Monday … 6 Sunday
  // The week's Thursday decides its year (ISO 8601).
  const thursday = new Date(day.getTime() + (3 - weekday) * 86_400_000)
  const year = thursday.getUTCFullYear()
  const firstThursday = new Date(Date.UTC(year, 0, 4))
  const firstWeekMonday = firstThursday.getTime() - ((firstThursday.getUTCDay() + 6) % 7) * 86_400_000
  const week = 1 + Math.round((thursday.getTime() - 3 * 86_400_000 - firstWeekMonday) / (7 * 86_400_000))
  return `${year}-W${String(week).padStart(2, '0')}`
}
