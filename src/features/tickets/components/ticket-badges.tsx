import { cn } from '~/lib/cn'
import { departmentLabels, statusLabels, type TicketDepartment, type TicketStatus } from '~/lib/ticket-enums'

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
      {statusLabels[status]}
    </span>
  )
}

export const departmentLabel = (department: TicketDepartment) => departmentLabels[department]

export const formatSize = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`
