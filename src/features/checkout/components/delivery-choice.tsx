import type { DeliveryMethod } from '~/lib/domain-enums'
import { formatMoney } from '~/lib/money'
import { cn } from '~/lib/cn'
import { textInLocale } from '~/lib/i18n'
import { m } from '~/lib/messages'
import { PLUS_NAME } from '~/features/plus'
import type { CheckoutView, PickupPoint } from '../checkout.schemas'

/** Where and when each store hands pickup orders over. */
function PickupPoints({ points }: { points: PickupPoint[] }) {
  if (!points.length) return null
  return (
    <ul className="mt-2 flex flex-col gap-2" data-testid="pickup-points">
      {points.map((point) => (
        <li key={`${point.store}|${point.city}`} className="text-stone-700">
          <span className="block font-medium text-ink">
            {m.buyer_checkout_point({ store: textInLocale(point.store, point.storeFa), city: point.city })}
          </span>
          <span className="block">{point.address || m.buyer_checkout_pickup_address_unknown()}</span>
          <span className="block">
            {m.buyer_checkout_hours({ hours: point.hours || m.buyer_checkout_ask_seller() })}
          </span>
        </li>
      ))}
    </ul>
  )
}

/** "Seller delivery (fee, or free over X)" or "Pickup in <store cities>", as a radio group. */
export function DeliveryChoice({
  view,
  value,
  onChange,
  freeDelivery,
}: {
  view: CheckoutView
  value: DeliveryMethod
  onChange: (method: DeliveryMethod) => void
  /** The goods already reach the free-delivery threshold. */
  freeDelivery: boolean
}) {
  const { deliveryFee, freeDeliveryThreshold } = view.seller
  const money = (n: number) => formatMoney(n, view.currency)
  const deliveryDetail =
    view.plusMember && deliveryFee > 0 && !freeDelivery
      ? m.buyer_checkout_plus_free({ plus: PLUS_NAME, amount: money(deliveryFee) })
      : deliveryFee === 0
        ? m.buyer_checkout_free()
        : freeDelivery
          ? m.buyer_checkout_free_this_order({
              fee: money(deliveryFee),
              threshold: money(freeDeliveryThreshold!),
            })
          : freeDeliveryThreshold !== null
            ? m.buyer_checkout_free_over({ fee: money(deliveryFee), threshold: money(freeDeliveryThreshold) })
            : money(deliveryFee)
  const options: { method: DeliveryMethod; title: string; detail: string; more?: React.ReactNode }[] = [
    { method: 'seller_delivery', title: m.buyer_checkout_seller_delivery(), detail: deliveryDetail },
    {
      method: 'pickup',
      title: m.buyer_checkout_pickup_in({
        cities: view.pickupCities.join(m.buyer_checkout_list_separator()),
      }),
      detail: m.buyer_checkout_pickup_free(),
      more: <PickupPoints points={view.pickupPoints} />,
    },
  ]
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 text-base font-semibold text-ink">{m.buyer_checkout_delivery()}</legend>

      {options.map((option) => (
        <label
          key={option.method}
          className={cn(
            'flex cursor-pointer items-start gap-3 rounded-xl border bg-white px-4 py-3 text-sm',
            'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600',
            value === option.method
              ? 'border-brand-600 bg-brand-50'
              : 'border-stone-200 hover:border-stone-300',
          )}
        >
          <input
            type="radio"
            name="delivery-method"
            value={option.method}
            checked={value === option.method}
            onChange={() => onChange(option.method)}
            className="mt-0.5 h-4 w-4 accent-brand-700"
          />
          <span className="flex flex-col">
            <span className="font-medium text-ink">{option.title}</span>
            <span className="text-stone-600" data-testid={`delivery-${option.method}-detail`}>
              {option.detail}
            </span>
            {option.more}
          </span>
        </label>
      ))}
    </fieldset>
  )
}
