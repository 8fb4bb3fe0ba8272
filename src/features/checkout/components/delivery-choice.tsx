import type { DeliveryMethod } from '~/lib/domain-enums'
import { formatMoney } from '~/lib/money'
import { cn } from '~/lib/cn'
import { PLUS_NAME } from '~/features/plus/plus.schemas'
import type { CheckoutView, PickupPoint } from '../checkout.schemas'

/** Where and when each store hands pickup orders over. */
function PickupPoints({ points }: { points: PickupPoint[] }) {
  if (!points.length) return null
  return (
    <ul className="mt-2 flex flex-col gap-2" data-testid="pickup-points">
      {points.map((point) => (
        <li key={`${point.store}|${point.city}`} className="text-stone-700">
          <span className="block font-medium text-ink">
            {point.store}, {point.city}
          </span>
          <span className="block">{point.address || 'The seller will tell you the pickup address'}</span>
          <span className="block">Hours: {point.hours || 'ask the seller'}</span>
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
      ? `Free delivery with ${PLUS_NAME} (you save ${money(deliveryFee)})`
      : deliveryFee === 0
        ? 'Free'
        : freeDelivery
          ? `Free for this order (${money(deliveryFee)} below ${money(freeDeliveryThreshold!)})`
          : freeDeliveryThreshold !== null
            ? `${money(deliveryFee)}, free over ${money(freeDeliveryThreshold)}`
            : money(deliveryFee)
  const options: { method: DeliveryMethod; title: string; detail: string; more?: React.ReactNode }[] = [
    { method: 'seller_delivery', title: 'Seller delivery', detail: deliveryDetail },
    {
      method: 'pickup',
      title: `Pickup in ${view.pickupCities.join(', ')}`,
      detail: 'Free: collect it from the store',
      more: <PickupPoints points={view.pickupPoints} />,
    },
  ]
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 text-base font-semibold text-ink">Delivery</legend>
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
