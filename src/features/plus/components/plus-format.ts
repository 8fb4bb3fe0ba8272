import { formatTehranDay } from '~/lib/tehran-time'

/** "2 Dec 2027" in Tehran (fa: the Persian calendar and digits). */
export const formatPlusDate = (iso: string) => formatTehranDay(iso)
