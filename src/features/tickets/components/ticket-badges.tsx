import { cn } from '~/lib/cn'
import { formatNumber } from '~/lib/money'
import type { TicketDepartment, TicketStatus } from '~/lib/ticket-enums'
import { m } from '~/lib/messages'
import { currentLocale } from '~/lib/i18n'

const statusStyles: Record<TicketStatus, string> = {
  open: 'bg-amber-50 text-amber-900 ring-amber-200',
  answered: 'bg-green-50 text-green-900 ring-green-200',
  closed: 'bg-stone-100 text-stone-700 ring-stone-200',
}

export function StatusBadge({ status }: { status: TicketStatus }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1',
        statusStyles[status],
      )}
    >
      {ticketStatusLabel(status)}
    </span>
  )
}

/** A ticket status in the page's language (a function: the words are the request's, not the module's). */
export function ticketStatusLabel(status: TicketStatus): string {
  if (status === 'answered') return m.account_ticket_status_answered()
  if (status === 'closed') return m.account_ticket_status_closed()
  return m.account_ticket_status_open()
}

export function departmentLabel(department: TicketDepartment): string {
  if (department === 'sellers') return m.account_department_sellers()
  if (department === 'wholesale') return m.account_department_wholesale()
  return m.account_department_retail()
}

/** "2.0" in English as before; Persian digits (and no trailing zero) in fa. */
const oneDecimal = (value: number) =>
  currentLocale() === 'fa' ? formatNumber(Math.round(value * 10) / 10) : value.toFixed(1)

export const formatSize = (bytes: number) =>
  bytes >= 1024 * 1024
    ? m.account_size_mb({ size: oneDecimal(bytes / 1024 / 1024) })
    : m.account_size_kb({ size: formatNumber(Math.max(1, Math.round(bytes / 1024))) })

/** A ticket's number as people quote it: no grouping ("#1234"), in Persian digits on a Persian page. */
export const ticketNumber = (id: number) =>
  currentLocale() === 'fa' ? String(id).replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)]!) : String(id)
