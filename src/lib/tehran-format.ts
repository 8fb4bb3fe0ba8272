import { currentLocale, intlLocale, type Locale } from './i18n'

/**
 * The Tehran formatters' common part, and the one the footer needs on every page (its copyright
 * year), apart from tehran-time.ts (which re-exports both) so that the rest of that module stays
 * out of the first-load chunk (issue #21).
 */
export const TEHRAN = 'Asia/Tehran'

/** Formatters per page locale (Persian calendar and digits in fa, Gregorian in en), made once. */
export function localised(options: Intl.DateTimeFormatOptions) {
  const made = new Map<Locale, Intl.DateTimeFormat>()
  return (date: Date | string | number) => {
    const locale = currentLocale()
    let format = made.get(locale)
    if (!format) {
      format = new Intl.DateTimeFormat(intlLocale(locale), { ...options, timeZone: TEHRAN })
      made.set(locale, format)
    }
    return format.format(new Date(date))
  }
}

/** "2026" (fa: "۱۴۰۵"): the year in Tehran in the page's calendar (a footer's copyright). */
export const formatTehranYear = localised({ year: 'numeric' })
