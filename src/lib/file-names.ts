/**
 * The day (and for backups the time) in the names of files the marketplace writes: downloads such as
 * the price sheet (`omdeh-prices-2026-12-02.csv`) and database backups. A name carries the Tehran
 * calendar day it was made, written as ASCII Gregorian `YYYY-MM-DD` in both languages: a file name is
 * an identifier (it sorts, and every system and mail client keeps it intact), not a page's text, which
 * shows days through `formatTehranDay` (Persian calendar and digits in fa).
 *
 * No imports, so that scripts run under plain tsx (db:backup) can use it as well as the app.
 */
const stampFormat = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'Asia/Tehran', // lib/tehran-format's TEHRAN
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
})

/** Tehran's wall clock at an instant: "2026-12-02 00:30:00". */
const tehranWallClock = (at: Date) => stampFormat.format(at).replace(',', '')

/** "2026-12-02": the Tehran calendar day of an instant, for a file name (21:00 UTC on 1 Dec is 2 Dec). */
export const fileNameDay = (at: Date) => tehranWallClock(at).slice(0, 10)

/** "omdeh-prices-2026-12-02.csv": a download's name, dated with the Tehran day it was made. */
export const datedFileName = (stem: string, at: Date, extension: string) =>
  `${stem}-${fileNameDay(at)}.${extension}`

/** "20261202-003000": Tehran wall-clock time to the second, for names that must not collide (backups). */
export const fileNameStamp = (at: Date) => tehranWallClock(at).replace(/[-:]/g, '').replace(' ', '-')
