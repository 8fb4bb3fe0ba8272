import { Link } from '@tanstack/react-router'
import { lazy, Suspense, useEffect, useState } from 'react'
import { trackDeferred as track } from '~/features/analytics'
import { PlusBasketDelivery } from '~/features/plus'
import { m } from '~/lib/messages'
import { formatMoney, formatNumber } from '~/lib/money'
import { Button } from '~/ui/button'
import { EmptyState } from '~/ui/empty-state'
import { BasketIcon } from '~/ui/icons'
import { Skeleton } from '~/ui/skeleton'
import { useBasket, useBasketActions } from '../basket-provider'
import { BasketNotices } from './basket-notices'
import { SellerCart } from './seller-cart'

/**
 * /cart (client-rendered, spec §2): one section per seller with its items and totals, notices of
 * what changed since the basket was last loaded, clearing, and checkout per seller cart.
 */
export function CartPage() {
  const basket = useBasket()
  const actions = useBasketActions()

  useEffect(() => {
    track('cart_viewed')
    // Opening the basket is when a buyer should see today's prices (and what changed).
    actions.reload()
  }, [actions])

  const pending = basket.status === 'starting' || basket.status === 'loading' || basket.status === 'merging'
  const busy = basket.status === 'busy' || basket.status === 'merging'
  const total = basket.carts.reduce((sum, cart) => sum + cart.totalEffectiveAmount, 0)
  const before = basket.carts.reduce((sum, cart) => sum + cart.totalAmount, 0)

  return (
    <section aria-labelledby="page-title" className="flex flex-col gap-5" aria-busy={pending || busy}>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 id="page-title" className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">
            {m.buyer_basket_title()}
          </h1>
          {basket.count ? (
            <p className="text-sm text-stone-600">
              {m.buyer_basket_summary_line({
                items: m.buyer_basket_items({ count: basket.count, countText: formatNumber(basket.count) }),
                sellers: m.buyer_basket_sellers({
                  count: basket.carts.length,
                  countText: formatNumber(basket.carts.length),
                }),
              })}
            </p>
          ) : null}
        </div>
        {basket.carts.length ? <ClearBasket onConfirm={actions.clear} disabled={busy} /> : null}
      </div>

      <BasketNotices notices={basket.notices} onDismiss={actions.dismissNotice} />
      {basket.loadFailed ? (
        <p role="status" className="flex flex-wrap items-center gap-2 text-sm text-stone-700">
          {m.buyer_basket_refresh_failed()}
          <Button variant="link" size="sm" onClick={actions.reload}>
            {m.buyer_basket_try_again()}
          </Button>
        </p>
      ) : null}

      {pending && !basket.carts.length ? (
        <div className="flex flex-col gap-4" data-testid="basket-loading">
          <Skeleton className="h-40 w-full rounded-2xl" />
          <Skeleton className="h-40 w-full rounded-2xl" />
        </div>
      ) : basket.carts.length === 0 ? (
        <EmptyState
          title={m.buyer_basket_empty_title()}
          icon={<BasketIcon size={40} />}
          action={
            <Button asChild>
              <Link to="/product">{m.buyer_basket_browse_products()}</Link>
            </Button>
          }
        >
          {m.buyer_basket_empty_page()}
        </EmptyState>
      ) : (
        <div className="grid items-start gap-5 lg:grid-cols-[1fr_18rem]">
          <div className="flex flex-col gap-4">
            {basket.carts.map((cart) => (
              <SellerCart
                key={cart.id}
                cart={cart}
                signedIn={basket.signedIn}
                busy={busy}
                onQuantity={actions.setQuantity}
                onRemove={actions.remove}
              />
            ))}
          </div>
          <aside
            aria-label={m.buyer_basket_summary_label()}
            className="rounded-2xl border border-stone-200 bg-white p-4 text-sm lg:sticky lg:top-4"
          >
            <h2 className="mb-2 font-semibold text-ink">{m.buyer_basket_summary()}</h2>
            <dl className="space-y-1">
              <div className="flex justify-between text-stone-600">
                <dt>{m.buyer_basket_sellers_label()}</dt>
                <dd>{formatNumber(basket.carts.length)}</dd>
              </div>
              {before > total ? (
                <div className="flex justify-between text-green-800">
                  <dt>{m.buyer_basket_savings()}</dt>
                  <dd className="tabular-nums">{formatMoney(before - total)}</dd>
                </div>
              ) : null}
              <div className="flex justify-between border-t border-stone-100 pt-2 font-semibold text-ink">
                <dt>{m.buyer_basket_all_carts()}</dt>
                <dd className="tabular-nums" data-testid="basket-total">
                  {formatMoney(total)}
                </dd>
              </div>
            </dl>
            <div className="mt-3 flex flex-col gap-2">
              <PlusBasketDelivery signedIn={basket.signedIn} />
              <p className="text-xs text-stone-600">{m.buyer_basket_checked_at_checkout()}</p>
            </div>
            {basket.signedIn ? null : (
              <p className="mt-2 text-xs text-stone-600">{m.buyer_basket_guest_sign_in()}</p>
            )}
          </aside>
        </div>
      )}
    </section>
  )
}

// The confirmation (radix Dialog, focus trap, scroll lock: about 10 KB gzip) loads on first click.
const ClearBasketDialog = lazy(() =>
  import('./clear-basket-dialog').then((m) => ({ default: m.ClearBasketDialog })),
)

function ClearBasket({ onConfirm, disabled }: { onConfirm: () => void; disabled: boolean }) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <Button variant="secondary" size="sm" disabled={disabled} onClick={() => setOpen(true)}>
        {m.buyer_basket_clear()}
      </Button>

      {open ? (
        <Suspense fallback={null}>
          <ClearBasketDialog onConfirm={onConfirm} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </>
  )
}
