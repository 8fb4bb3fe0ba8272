import { Link } from '@tanstack/react-router'
import { useId, useState } from 'react'
import { formatMoney, formatNumber } from '~/lib/money'
import { Button } from '~/ui/button'
import { inputClasses } from '~/ui/input'
import type { PriceTier, ProductDetail, ProductOffer } from '../catalog.types'
import { isOutOfStock } from '../offer-stock'
import { StockBadge } from './product-card'
import { m } from '~/lib/messages'

const effective = (t: { unitPrice: number; offerPrice: number }) =>
  t.offerPrice > 0 ? t.offerPrice : t.unitPrice

/** DOMAIN.md: the applicable tier is the valid tier with the highest minimum at or below the quantity. */
export function applicableTier(tiers: PriceTier[], quantity: number): PriceTier | undefined {
  return tiers.filter((t) => t.minQuantity <= quantity).sort((a, b) => b.minQuantity - a.minQuantity)[0]
}

function Tiers({ offer }: { offer: ProductOffer }) {
  return (
    <ul className="flex flex-col gap-0.5" aria-label={m.catalog_offers_prices_at({ store: offer.storeName })}>
      {offer.tiers.map((tier) => (
        <li key={tier.minQuantity} className="whitespace-nowrap">
          <span className="text-stone-600">
            {m.catalog_offers_tier_from({
              count: tier.minQuantity,
              countText: formatNumber(tier.minQuantity),
            })}
          </span>
          <span className="font-semibold text-ink">{formatMoney(effective(tier))}</span>
          {tier.offerPrice > 0 ? (
            <s className="ms-1.5 text-xs text-stone-500">
              <span className="sr-only">{m.catalog_price_was()}</span>
              {formatMoney(tier.unitPrice)}
            </s>
          ) : null}
        </li>
      ))}
      {offer.piecesPerPack > 1 ? (
        <li className="text-xs text-stone-500">
          {m.catalog_offers_per_piece({ amount: formatMoney(offer.pricePerPiece) })}
        </li>
      ) : null}
    </ul>
  )
}

function Availability({ offer }: { offer: ProductOffer }) {
  if (offer.alwaysAvailable) return <StockBadge inStock alwaysAvailable />
  if (offer.remainingQuantity > 0)
    return (
      <span className="text-sm text-green-800">
        {m.catalog_offers_in_stock({ count: formatNumber(offer.remainingQuantity) })}
      </span>
    )
  return <StockBadge inStock={false} />
}

/**
 * Adds an offer at a quantity to the basket. The basket sits above the catalogue: the product page's
 * route passes its add down (basket/add-offer.ts, which loads the add itself on the first one).
 */
export type AddOffer = (offer: ProductOffer, quantity: number) => Promise<void>

/** Quantity and add-to-basket for one offer, with the total at the tier that quantity reaches. */
function BuyBox({ offer, addOffer }: { offer: ProductOffer; addOffer: AddOffer }) {
  const id = useId()
  const [quantity, setQuantity] = useState(offer.minQuantity)
  const [busy, setBusy] = useState(false)
  const tier = applicableTier(offer.tiers, quantity)
  const soldOut = isOutOfStock(offer)
  const short = !offer.alwaysAvailable && !soldOut && quantity > offer.remainingQuantity
  const add = async () => {
    setBusy(true)
    try {
      await addOffer(offer, quantity)
    } finally {
      setBusy(false)
    }
  }
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex items-center gap-2">
        <label htmlFor={id} className="sr-only">
          {m.catalog_offers_quantity_from({ store: offer.storeName })}
        </label>
        <input
          id={id}
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          value={quantity}
          onChange={(e) => setQuantity(Math.max(1, Math.floor(Number(e.target.value) || 1)))}
          className={`${inputClasses} h-9 max-w-20`}
        />
        <Button
          size="sm"
          onClick={() => void add()}
          disabled={busy || soldOut}
          aria-label={
            soldOut
              ? m.catalog_offers_out_of_stock_at({ store: offer.storeName })
              : m.catalog_offers_add_from({ store: offer.storeName })
          }
        >
          {soldOut ? m.catalog_stock_out() : m.catalog_offers_add()}
        </Button>
      </div>
      <p className="text-xs text-stone-600" aria-live="polite">
        {tier ? m.catalog_offers_total({ amount: formatMoney(effective(tier) * quantity) }) : null}
        {quantity < offer.minQuantity
          ? m.catalog_offers_minimum_note({ count: formatNumber(offer.minQuantity) })
          : null}
        {short ? m.catalog_offers_only_note({ count: formatNumber(offer.remainingQuantity) }) : null}
      </p>
    </div>
  )
}

function StoreCell({ offer }: { offer: ProductOffer }) {
  return (
    <div className="flex flex-col gap-1">
      <Link
        to="/store/$slug"
        params={{ slug: offer.storeSlug }}
        className="self-start font-medium text-brand-800 hover:underline"
      >
        {offer.storeName}
      </Link>
      <span className="text-xs text-stone-600">
        {offer.storeCity} · {offer.sellerName}
      </span>
    </div>
  )
}

/** Spec §3 offers: one row per store with its tiers, MOQ, stock, store link, quantity and basket. */
export function OffersTable({ product, addOffer }: { product: ProductDetail; addOffer: AddOffer }) {
  if (product.offers.length === 0) {
    return (
      <p className="rounded-xl border border-dashed border-stone-300 bg-white p-6 text-sm text-stone-600">
        {m.catalog_offers_none()}
      </p>
    )
  }
  return (
    <>
      {/* Phones: one card per store. */}
      <ul className="flex flex-col gap-3 md:hidden" data-testid="offers">
        {product.offers.map((offer) => (
          <li
            key={offer.sku}
            data-testid="offer"
            className="flex flex-col gap-3 rounded-xl border border-stone-200 bg-white p-4 text-sm"
          >
            <div className="flex items-start justify-between gap-3">
              <StoreCell offer={offer} />
              <Availability offer={offer} />
            </div>
            <Tiers offer={offer} />
            <p className="text-stone-600">
              {m.catalog_offers_minimum({ count: formatNumber(offer.minQuantity) })}
            </p>
            <BuyBox offer={offer} addOffer={addOffer} />
          </li>
        ))}
      </ul>
      {/* Wider screens: a table, one row per store. */}
      <div className="hidden overflow-x-auto rounded-xl border border-stone-200 bg-white md:block">
        <table className="w-full border-collapse text-start text-sm" data-testid="offers-table">
          <caption className="sr-only">{m.catalog_offers_caption()}</caption>
          <thead className="bg-stone-50 text-xs tracking-wide text-stone-600 uppercase">
            <tr>
              <th scope="col" className="px-4 py-3 font-medium">
                {m.catalog_offers_col_store()}
              </th>
              <th scope="col" className="px-4 py-3 font-medium">
                {m.catalog_offers_col_tiers()}
              </th>
              <th scope="col" className="px-4 py-3 font-medium">
                {m.catalog_offers_col_moq()}
              </th>
              <th scope="col" className="px-4 py-3 font-medium">
                {m.catalog_offers_col_availability()}
              </th>
              <th scope="col" className="px-4 py-3 font-medium">
                {m.catalog_offers_col_quantity()}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-200">
            {product.offers.map((offer) => (
              <tr key={offer.sku} data-testid="offer-row" className="align-top">
                <td className="px-4 py-3">
                  <StoreCell offer={offer} />
                </td>
                <td className="px-4 py-3">
                  <Tiers offer={offer} />
                </td>
                <td className="px-4 py-3 tabular-nums">{formatNumber(offer.minQuantity)}</td>
                <td className="px-4 py-3">
                  <Availability offer={offer} />
                </td>
                <td className="px-4 py-3">
                  <BuyBox offer={offer} addOffer={addOffer} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  )
}
