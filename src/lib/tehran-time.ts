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
