import { currentLocale } from '~/lib/i18n'
import { formatNumber } from '~/lib/money'
import { m } from '~/lib/messages'
import { formatTehranCalendarDay } from '~/lib/tehran-time'

/**
 * A Tehran calendar day ("2026-11-26", the form the period filters and links use) as every page shows
 * a day: "26 Nov 2026", the Persian calendar's day in fa ("۵ آذر ۱۴۰۵").
 */
export const dayText = formatTehranCalendarDay

/** A share as a percentage with one decimal, in the page's digits: "12.5%" or "۱۲٫۵٪"; null is a dash. */
export function percentText(share: number | null): string {
  if (share === null) return '—'
  const fixed = (share * 100).toFixed(1)
  const [whole = '0', tenth = '0'] = fixed.split('.')
  const value =
    currentLocale() === 'fa' ? `${formatNumber(Number(whole))}٫${formatNumber(Number(tenth))}` : fixed
  return m.admin_analytics_percent({ value })
}

const SELLER_STATUS = {
  pending: () => m.admin_status_pending(),
  approved: () => m.admin_status_approved(),
  rejected: () => m.admin_status_rejected(),
  suspended: () => m.admin_status_suspended(),
} as const

const ORDER_STATUS = {
  pending_payment: () => m.admin_order_status_pending_payment(),
  paid: () => m.admin_order_status_paid(),
  accepted: () => m.admin_order_status_accepted(),
  shipped: () => m.admin_order_status_shipped(),
  delivered: () => m.admin_order_status_delivered(),
  completed: () => m.admin_order_status_completed(),
  expired: () => m.admin_order_status_expired(),
  rejected: () => m.admin_order_status_rejected(),
  cancelled: () => m.admin_order_status_cancelled(),
} as const

const TICKET_STATUS = {
  open: () => m.admin_ticket_status_open(),
  answered: () => m.admin_ticket_status_answered(),
  closed: () => m.admin_ticket_status_closed(),
} as const

const pick = (table: Record<string, () => string>, status: string) =>
  Object.hasOwn(table, status) ? table[status]!() : status.replace(/_/g, ' ')

/** A seller's, an order's or a ticket's status in lower case, as a sentence shows it ("pending payment"). */
export const sellerStatusText = (status: string) => pick(SELLER_STATUS, status)
export const orderStatusText = (status: string) => pick(ORDER_STATUS, status)
export const ticketStatusText = (status: string) => pick(TICKET_STATUS, status)
