import type { OrderStatus } from '~/lib/domain-enums'
import { cn } from '~/lib/cn'
import { orderStatusLabel } from '../order-machine'
import { orderStatusStyles } from './order-format'

export function OrderStatusBadge({ status, className }: { status: OrderStatus; className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1',
        orderStatusStyles[status],
        className,
      )}
    >
      {orderStatusLabel(status)}
    </span>
  )
}
