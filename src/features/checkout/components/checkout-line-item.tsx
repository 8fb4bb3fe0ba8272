import { Link } from '@tanstack/react-router'
import { ResponsiveImage } from '~/features/images'
import { textInLocale } from '~/lib/i18n'
import { m } from '~/lib/messages'
import { formatMoney, formatNumber } from '~/lib/money'
import { Button } from '~/ui/button'
import type { CheckoutLine } from '../checkout.schemas'

/**
 * One line of the order: photo, name, SKU and store, quantity at its tier, unit price and line
 * total; when the server refuses the line, the problem and the one action that fixes it.
 */
export function CheckoutLineItem({
  line,
  currency,
  busy,
  onFix,
}: {
  line: CheckoutLine
  currency: string
  busy: boolean
  onFix: (line: CheckoutLine) => void
}) {
  const problemId = `line-${line.itemId}-problem`
  const available = line.problem?.kind !== 'unavailable'
  return (
    <li
      data-testid="checkout-line"
      data-sku={line.sku}
      aria-describedby={line.problem ? problemId : undefined}
      className="flex gap-3 py-3"
    >
      <div className="h-16 w-16 shrink-0 overflow-hidden rounded-lg bg-stone-100 sm:h-20 sm:w-20">
        {line.image ? (
          <ResponsiveImage
            src={line.image}
            alt=""
            width={80}
            height={80}
            className="h-full w-full object-cover"
          />
        ) : null}
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <Link
          to="/product/$slug"
          params={{ slug: line.productSlug }}
          className="line-clamp-2 text-sm font-medium text-ink hover:underline"
        >
          {textInLocale(line.productName, line.productNameFa)}
        </Link>
        <p className="text-xs break-words text-stone-600">
          {m.buyer_checkout_sku()} <span dir="ltr">{line.sku}</span> ·{' '}
          {textInLocale(line.storeName, line.storeNameFa)} · {textInLocale(line.unit, line.unitFa)}
        </p>
        {available ? (
          <div className="flex flex-wrap items-end justify-between gap-x-3 gap-y-1">
            <p className="text-xs text-stone-700">
              <span className="font-medium text-ink" data-testid="line-quantity">
                {formatNumber(line.quantity)} ×{' '}
              </span>
              <span className="font-semibold whitespace-nowrap text-ink">
                {formatMoney(line.effectiveUnitPrice, currency)}
              </span>
              {line.offerPrice > 0 ? (
                <s className="ms-1.5 whitespace-nowrap text-stone-500">
                  <span className="sr-only">{m.buyer_checkout_was()}</span>
                  {formatMoney(line.unitPrice, currency)}
                </s>
              ) : null}
              <span
                className="ms-1.5 rounded bg-stone-100 px-1.5 py-0.5 whitespace-nowrap text-stone-700"
                data-testid="line-tier"
              >
                {m.buyer_checkout_tier_from({
                  units: m.buyer_checkout_units({
                    count: line.tierMinQuantity,
                    countText: formatNumber(line.tierMinQuantity),
                  }),
                })}
              </span>
            </p>
            <span className="text-sm font-semibold tabular-nums text-ink" data-testid="line-total">
              {formatMoney(line.lineTotal, currency)}
            </span>
          </div>
        ) : null}
        {line.problem ? (
          <div
            id={problemId}
            role="alert"
            data-testid="line-problem"
            className="mt-1 flex flex-wrap items-center justify-between gap-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2"
          >
            <p className="text-xs font-medium text-amber-950">{line.problem.message}</p>
            <Button
              size="sm"
              variant={line.problem.action.kind === 'remove' ? 'secondary' : 'primary'}
              disabled={busy}
              onClick={() => onFix(line)}
              aria-label={m.buyer_checkout_fix_label({
                action: line.problem.action.label,
                product: textInLocale(line.productName, line.productNameFa),
              })}
            >
              {line.problem.action.label}
            </Button>
          </div>
        ) : null}
      </div>
    </li>
  )
}
