import { Link } from '@tanstack/react-router'
import { ResponsiveImage } from '~/features/images'
import { cn } from '~/lib/cn'
import { nameInLocale } from '~/lib/i18n'
import { m } from '~/lib/messages'
import { formatMoney, formatNumber } from '~/lib/money'
import { quantityIssue } from '../basket-compare'
import type { BasketItem } from '../basket.types'
import { QuantityStepper } from './quantity-stepper'

/**
 * One line of a seller's cart: photo, name, store, unit price (struck through when discounted),
 * quantity stepper, line total and remove; a notice when checkout would refuse the quantity.
 */
export function BasketItemRow({
  item,
  onQuantity,
  onRemove,
  busy,
  compact = false,
}: {
  item: BasketItem
  onQuantity: (quantity: number) => void
  onRemove: () => void
  busy: boolean
  compact?: boolean
}) {
  const issue = item.available ? quantityIssue(item) : null
  return (
    <li data-testid="basket-item" data-sku={item.sku} className="flex gap-3 py-3">
      <div
        className={cn(
          'shrink-0 overflow-hidden rounded-lg bg-stone-100',
          compact ? 'h-14 w-14' : 'h-20 w-20',
        )}
      >
        {item.product.image ? (
          <ResponsiveImage
            src={item.product.image}
            alt=""
            width={compact ? 56 : 80}
            height={compact ? 56 : 80}
            className="h-full w-full object-cover"
          />
        ) : null}
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-1.5">
        <div className="flex items-start justify-between gap-2">
          <div className="min-w-0">
            <Link
              to="/product/$slug"
              params={{ slug: item.product.slug }}
              className="line-clamp-2 text-sm font-medium text-ink hover:underline"
            >
              {nameInLocale(item.product)}
            </Link>
            <p className="text-xs text-stone-600">
              {item.product.brand ? `${item.product.brand} · ` : ''}
              {item.storeName}
            </p>
          </div>
          <button
            type="button"
            onClick={onRemove}
            disabled={busy}
            className="-m-1 shrink-0 rounded-md p-1 text-xs font-medium text-stone-600 underline-offset-2 hover:text-red-700 hover:underline disabled:opacity-50"
            aria-label={m.buyer_basket_remove_item_label({ name: nameInLocale(item.product) })}
          >
            {m.buyer_basket_remove()}
          </button>
        </div>
        {item.available ? (
          <>
            <p className="text-xs text-stone-700">
              <span className="font-semibold text-ink">{formatMoney(item.effectiveAmount)}</span>
              {item.hasDiscount ? (
                <s className="ms-1.5 text-stone-500">
                  <span className="sr-only">{m.buyer_basket_was()}</span>
                  {formatMoney(item.unitPrice)}
                </s>
              ) : null}{' '}
              {m.buyer_basket_each()}
            </p>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <QuantityStepper
                value={item.quantity}
                onChange={onQuantity}
                label={m.buyer_basket_quantity_of({ name: nameInLocale(item.product) })}
                disabled={busy}
                size={compact ? 'sm' : 'md'}
              />
              <span className="text-sm font-semibold tabular-nums text-ink" data-testid="line-total">
                {formatMoney(item.effectiveAmount * item.quantity)}
              </span>
            </div>
          </>
        ) : (
          <p role="note" className="rounded-md bg-stone-100 px-2 py-1 text-xs text-stone-700">
            {m.buyer_basket_no_longer_on_offer()}
          </p>
        )}
        {issue ? (
          <p
            role="note"
            data-testid="quantity-notice"
            className="rounded-md bg-amber-50 px-2 py-1 text-xs text-amber-900"
          >
            {issue === 'below_minimum'
              ? m.buyer_basket_below_minimum({ min: formatNumber(item.minQuantity) })
              : item.remainingQuantity > 0
                ? m.buyer_basket_only_in_stock({ left: formatNumber(item.remainingQuantity) })
                : m.buyer_basket_out_of_stock_here()}
          </p>
        ) : null}
      </div>
    </li>
  )
}
