import { m } from './messages'
import { localised, TEHRAN } from './tehran-format'
/**
 * Tehran wall-clock time (the market's): the one place that turns stored UTC instants into what a
 * page, a sheet or a message shows, and that says which instants a calendar day ("2026-11-26")
 * covers. Days are Tehran days everywhere: dashboards, order filters, invoices.
 */
export { formatTehranYear, TEHRAN } from './tehran-format'

const minuteFormat = new Intl.DateTimeFormat('sv-SE', {
  timeZone: TEHRAN,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
})

/** "2026-12-01 08:30": the form price sheets write and read back. */
export const formatTehranMinute = (date: Date | string) =>
  minuteFormat.format(new Date(date)).replace(',', '')

const readable = localised({ dateStyle: 'medium', timeStyle: 'short', hourCycle: 'h23' })

/** "1 Dec 2026, 08:30 Tehran" (fa: "۱۰ آذر ۱۴۰۵، ۰۸:۳۰ به وقت تهران") for pages. */
export const formatTehranDateTime = (date: Date | string) => m.common_tehran_time({ time: readable(date) })

/** "26 Nov, 00:30": day and time in Tehran, for dense lists of recent things. */
export const formatTehranShort = localised({
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
})

/**
 * "1 Dec 2026" (fa: "۱۰ آذر ۱۴۰۵"): the day in Tehran. Every day a page, a PDF, an SMS or a server
 * message shows goes through this one format per language (a calendar day label through
 * `formatTehranCalendarDay`); file names use lib/file-names.
 */
export const formatTehranDay = localised({ dateStyle: 'medium' })

/** "1 December 2026": the day in Tehran, written out (articles, policies). */
export const formatTehranDayLong = localised({ dateStyle: 'long' })

/** "March 2024": the month in Tehran (a store opened late on the 31st UTC may be next month there). */
export const formatTehranMonth = localised({ month: 'long', year: 'numeric' })


const wallParts = new Intl.DateTimeFormat('en-US', {
  timeZone: TEHRAN,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
})

/** How far Tehran's wall clock is ahead of UTC at an instant (minutes precision). */
function tehranOffsetMs(instant: Date): number {
  const parts = wallParts.formatToParts(instant)
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value)
  const wall = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'))
  return wall - Math.floor(instant.getTime() / 60_000) * 60_000
}

/**
 * A `datetime-local` value ("2026-12-01T08:30") read as Tehran wall-clock time, whatever the
 * browser's own zone: the instant, or null when the text is not a real date and time.
 */
export function tehranInputToUtc(text: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})$/.exec(text.trim())
  if (!match) return null
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ]
  const asUtc = Date.UTC(year, month - 1, day, hour, minute)
  const probe = new Date(asUtc)
  if (probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== day || hour > 23 || minute > 59) return null
  // The offset at about that instant; a second pass settles days when the offset changed.
  let guess = asUtc - tehranOffsetMs(probe)
  guess = asUtc - tehranOffsetMs(new Date(guess))
  return new Date(guess)
}

/** An instant as a `datetime-local` value on Tehran's wall clock ("2026-12-01T08:30"). */
export const utcToTehranInput = (date: Date | string) => formatTehranMinute(date).replace(' ', 'T')

const DAY_MS = 86_400_000

/** The Tehran calendar day of an instant: "2026-11-26" (21:00 UTC on the 25th is already the 26th). */
export const tehranDayOf = (date: Date | string) => formatTehranMinute(date).slice(0, 10)

/** A calendar day "2026-11-26" moved by whole days (calendar arithmetic, no time zone involved). */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10)
}

/** The first instant (UTC) of a Tehran calendar day "2026-11-26": 2026-11-25T20:30:00Z. */
export function tehranDayStart(day: string): Date {
  const start = tehranInputToUtc(`${day}T00:00`)
  if (!start) throw new RangeError(`not a calendar day: ${day}`)
  return start
}

/** A Tehran calendar day "2026-11-26" (a filter's or a period's label) as pages show days: "26 Nov 2026". */
export const formatTehranCalendarDay = (day: string) => formatTehranDay(tehranDayStart(day))

/** The first instant after a Tehran calendar day: where a "to" filter on that day stops. */
export const tehranDayEnd = (day: string) => tehranDayStart(addDays(day, 1))

/** The last `days` Tehran days up to the day of `at`: their first instant and labels, oldest first. */
export function tehranDays(days: number, at: Date): { start: Date; labels: string[] } {
  const today = tehranDayOf(at)
  const labels = Array.from({ length: days }, (_, i) => addDays(today, i - days + 1))
  return { start: tehranDayStart(labels[0]!), labels }
}

/** Saturday 00:00 in Tehran of the week `at` falls in (Iran's week runs Saturday to Friday). */
export function tehranWeekStart(at: Date): Date {
  const today = tehranDayOf(at)
  const weekday = new Date(`${today}T00:00:00Z`).getUTCDay() // 0 Sunday … 6 Saturday
  return tehranDayStart(addDays(today, -((weekday + 1) % 7)))
}

/** The first instant of the Tehran calendar month `at` falls in. */
export const tehranMonthStart = (at: Date) => tehranDayStart(`${tehranDayOf(at).slice(0, 8)}01`)
