import { addDays, tehranDayEnd, tehranDayOf } from '~/lib/tehran-time'

/**
 * Credit terms' arithmetic in Tehran days (issue #39), pure so pages and the server agree: when an
 * invoice falls due, how many days it is overdue, and which aging bucket it belongs to.
 */

/** The Tehran day an invoice opened at `at` on net `termDays` falls due, and the instant that day ends. */
export function dueDateOf(at: Date, termDays: number): { dueDay: string; dueAt: Date } {
  const dueDay = addDays(tehranDayOf(at), termDays)
  return { dueDay, dueAt: tehranDayEnd(dueDay) }
}

/** Whole Tehran days from the due day to the day of `at` (0 or less: not overdue yet). */
export function daysOverdue(dueDay: string, at: Date): number {
  const today = tehranDayOf(at)
  return Math.round((Date.parse(`${today}T00:00:00Z`) - Date.parse(`${dueDay}T00:00:00Z`)) / 86_400_000)
}

export const agingBuckets = ['current', 'd1_30', 'd31_60', 'd61_90', 'd90_plus'] as const
export type AgingBucket = (typeof agingBuckets)[number]

/** The aging bucket of an unpaid amount due on `dueDay`, seen on the day of `at`. */
export function agingBucketOf(dueDay: string, at: Date): AgingBucket {
  const late = daysOverdue(dueDay, at)
  if (late <= 0) return 'current'
  if (late <= 30) return 'd1_30'
  if (late <= 60) return 'd31_60'
  if (late <= 90) return 'd61_90'
  return 'd90_plus'
}
