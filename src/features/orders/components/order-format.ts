import type { OrderStatus } from '~/lib/domain-enums'
import { m } from '~/lib/messages'
import { formatTehranCalendarDay } from '~/lib/tehran-time'

/** Colour groups: waiting for someone, moving, done well, ended without delivery. */
export const orderStatusStyles: Record<OrderStatus, string> = {
  pending_payment: 'bg-amber-50 text-amber-900 ring-amber-300',
  paid: 'bg-sky-50 text-sky-900 ring-sky-300',
  accepted: 'bg-indigo-50 text-indigo-900 ring-indigo-300',
  shipped: 'bg-violet-50 text-violet-900 ring-violet-300',
  delivered: 'bg-green-50 text-green-900 ring-green-300',
  completed: 'bg-green-100 text-green-900 ring-green-400',
  expired: 'bg-stone-100 text-stone-700 ring-stone-300',
  rejected: 'bg-red-50 text-red-900 ring-red-300',
  cancelled: 'bg-stone-100 text-stone-700 ring-stone-300',
}

/**
 * A Tehran calendar day kept as "YYYY-MM-DD" (the sales period's ends) as every page shows a day:
 * "26 Nov 2026", in the Persian calendar with Persian digits in Persian.
 */
export const dayText = formatTehranCalendarDay

/** Between the items of a run-on list: ", " or "، ". */
export const listSeparator = () => m.seller_list_separator()
