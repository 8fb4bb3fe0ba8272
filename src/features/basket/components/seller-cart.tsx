import { Link } from '@tanstack/react-router'
import { trackDeferred as track } from '~/features/analytics'
import { cn } from '~/lib/cn'
import { m } from '~/lib/messages'
import { formatMoney, formatNumber } from '~/lib/money'
import { Button } from '~/ui/button'
import { StoreIcon } from '~/ui/more-icons'
import type { Cart } from '../basket.types'
import { BasketItemRow } from './basket-item-row'

/** One seller's cart (spec: one per seller): its items, totals and the way to its checkout. */
export function SellerCart({
  cart,
  signedIn,
  busy,
  onQuantity,
  onRemove,
  compact = false,
}: {
  cart: Cart
  signedIn: boolean
  busy: boolean
  onQuantity: (itemId: string, quantity: number) => void
  onRemove: (itemId: string) => void
  compact?: boolean
}) {
  const savings = cart.totalAmount - cart.totalEffectiveAmount
  const headingId = `cart-${cart.id.replace(/[^\w-]/g, '_')}-title`
  return (
    <section
      aria-labelledby={headingId}
      data-testid="seller-cart"
      data-seller-id={cart.sellerId}
      className={cn('rounded-2xl border border-stone-200 bg-white', compact ? 'p-3' : 'p-4 sm:p-5')}
    >
      <header className="flex items-center justify-between gap-3 border-b border-stone-100 pb-2">
        <h2
          id={headingId}
          className="flex min-w-0 items-center gap-2 text-sm font-semibold text-ink sm:text-base"
        >
          <StoreIcon size={18} className="shrink-0 text-stone-500" />
          <span className="truncate">{cart.sellerName}</span>
        </h2>
        <span className="shrink-0 text-xs text-stone-600">
          {m.buyer_basket_items({ count: cart.itemsCount, countText: formatNumber(cart.itemsCount) })}
        </span>
      </header>
      <ul className="divide-y divide-stone-100">
        {cart.items.map((item) => (
          <BasketItemRow
            key={item.id}
            item={item}
            busy={busy}
            compact={compact}
            onQuantity={(quantity) => onQuantity(item.id, quantity)}
            onRemove={() => onRemove(item.id)}
          />
        ))}
      </ul>
      <dl className="mt-2 space-y-1 border-t border-stone-100 pt-3 text-sm">
        {savings > 0 ? (
          <>
            <div className="flex justify-between text-stone-600">
              <dt>{m.buyer_basket_total_before()}</dt>
              <dd className="tabular-nums">{formatMoney(cart.totalAmount)}</dd>
            </div>
            <div className="flex justify-between text-green-800">
              <dt>{m.buyer_basket_you_save()}</dt>
              <dd className="tabular-nums" data-testid="cart-savings">
                {formatMoney(savings)}
              </dd>
            </div>
          </>
        ) : null}
        <div className="flex justify-between font-semibold text-ink">
          <dt>{m.buyer_basket_total()}</dt>
          <dd className="tabular-nums" data-testid="cart-total">
            {formatMoney(cart.totalEffectiveAmount)}
          </dd>
        </div>
      </dl>
      {compact ? null : (
        <div className="mt-4 flex justify-end">
          <Button asChild className="w-full sm:w-auto">
            {signedIn ? (
              <Link
                to="/cart/$id/checkout"
                params={{ id: cart.id }}
                onClick={() =>
                  track('cart_proceed_to_checkout', { seller_id: cart.sellerId, items: cart.itemsCount })
                }
              >
                {m.buyer_basket_proceed()}
              </Link>
            ) : (
              // A guest's cart exists only in this browser: signing in merges it, then checkout.
              <Link
                to="/auth"
                search={{ redirect: '/cart' }}
                onClick={() => track('cart_proceed_to_checkout', { seller_id: cart.sellerId, guest: true })}
              >
                {m.buyer_basket_proceed()}
              </Link>
            )}
          </Button>
        </div>
      )}
    </section>
  )
}
