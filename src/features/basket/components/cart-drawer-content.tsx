import { PlusBasketDelivery } from '~/features/plus'
import { m } from '~/lib/messages'
import { formatMoney, formatNumber } from '~/lib/money'
import { EmptyState } from '~/ui/empty-state'
import { BasketIcon } from '~/ui/icons'
import { Skeleton } from '~/ui/skeleton'
import { useBasket, useBasketActions } from '../basket-provider'
import { SellerCart } from './seller-cart'

/** The header drawer's basket: the same carts as /cart, grouped per seller, in a narrow column. */
export function CartDrawerContent() {
  const basket = useBasket()
  const actions = useBasketActions()
  const pending = basket.status === 'starting' || basket.status === 'loading' || basket.status === 'merging'
  if (pending && !basket.carts.length)
    return (
      <div className="flex flex-col gap-3" data-testid="basket-loading">
        <Skeleton className="h-24 w-full rounded-2xl" />
        <Skeleton className="h-24 w-full rounded-2xl" />
      </div>
    )
  if (!basket.carts.length)
    return (
      <EmptyState title={m.buyer_basket_empty_title()} icon={<BasketIcon size={36} />}>
        {m.buyer_basket_empty_drawer()}
      </EmptyState>
    )
  return (
    <div className="flex flex-col gap-3" data-testid="cart-drawer-carts">
      {basket.carts.map((cart) => (
        <SellerCart
          key={cart.id}
          cart={cart}
          compact
          signedIn={basket.signedIn}
          busy={basket.status === 'busy'}
          onQuantity={actions.setQuantity}
          onRemove={actions.remove}
        />
      ))}
    </div>
  )
}

/** The drawer footer's grand total across carts (empty when there is nothing to total). */
export function CartDrawerTotal() {
  const { carts, signedIn } = useBasket()
  if (!carts.length) return null
  const total = carts.reduce((sum, cart) => sum + cart.totalEffectiveAmount, 0)
  return (
    <>
      <PlusBasketDelivery signedIn={signedIn} compact />
      <p className="mb-3 flex justify-between text-sm font-semibold text-ink">
        <span>
          {m.buyer_basket_drawer_total({ count: carts.length, countText: formatNumber(carts.length) })}
        </span>

        <span className="tabular-nums">{formatMoney(total)}</span>
      </p>
    </>
  )
}
