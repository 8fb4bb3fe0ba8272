const dateFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'Asia/Tehran' })

/** "2 Dec 2027" in Tehran. */
export const formatPlusDate = (iso: string) => dateFormat.format(new Date(iso))
