import { formatMoney } from '~/lib/money'
import { cn } from '~/lib/cn'
import { m } from '~/lib/messages'

/** A price in minor units, with the undiscounted price struck through when there is one. */
export function Price({
  amount,
  listPrice,
  className,
  prefix,
}: {
  amount: number
  listPrice?: number | null
  className?: string
  prefix?: string
}) {
  return (
    <span className={cn('inline-flex flex-wrap items-baseline gap-x-2', className)}>
      <span className="font-semibold text-ink">
        {prefix ? <span className="font-normal text-stone-600">{prefix} </span> : null}
        {formatMoney(amount)}
      </span>
      {listPrice && listPrice > amount ? (
        <s className="text-xs font-normal text-stone-500">
          <span className="sr-only">{m.catalog_price_was()}</span>
          {formatMoney(listPrice)}
        </s>
      ) : null}
    </span>
  )
}
