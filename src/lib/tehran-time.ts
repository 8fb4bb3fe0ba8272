/** Tehran wall-clock time (the market's), for sheets and pages that show it. */
const TEHRAN = 'Asia/Tehran'

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

const readable = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: TEHRAN,
})

/** "1 Dec 2026, 08:30 Tehran" for pages. */
export const formatTehranDateTime = (date: Date | string) => `${readable.format(new Date(date))} Tehran`

const monthYear = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: TEHRAN })

/** "March 2024": the month in Tehran (a store opened late on the 31st UTC may be next month there). */
export const formatTehranMonth = (date: Date | string) => monthYear.format(new Date(date))

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
