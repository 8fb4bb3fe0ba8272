import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { ResponsiveImage } from '~/features/images'
import { cn } from '~/lib/cn'
import { formatNumber } from '~/lib/money'
import type { ProductCard as ProductCardData } from '../catalog.types'
import { Highlighted } from './highlighted'
import { Price } from './price'
import { m } from '~/lib/messages'
import { UserText } from '~/ui/user-text'

/** The digits in a catalogue text ("carton of 8 packs") in the page's script. */
const pageDigits = (text: string) => text.replace(/\d+/g, (digits) => formatNumber(Number(digits)))

/**
 * What a card shows on its last line (compare, add to basket): features above the catalogue, so the
 * page's route passes them down (a listing gives each of its cards `cardActions(product)`).
 */
export type CardActions = (product: ProductCardData) => ReactNode

/** A product in a grid: first photo, name, brand, lowest price, MOQ, stock, stores, its actions. */
export function ProductCard({
  product,
  priority = false,
  actions,
}: {
  product: ProductCardData
  priority?: boolean
  actions?: ReactNode
}) {
  return (
    <article data-testid="product-card" className="product-card">
      <div className="relative aspect-square bg-stone-100">
        {product.image ? (
          <ResponsiveImage
            src={product.image}
            alt=""
            width={320}
            height={320}
            sizes="(min-width: 1024px) 20vw, (min-width: 640px) 30vw, 50vw"
            priority={priority}
            className="h-full w-full object-cover"
          />
        ) : null}
        {/* "Sale" only beside a struck-through old price, never on its own. */}
        {product.listPrice != null && product.listPrice > product.lowestPrice ? (
          <span className="absolute start-2 top-2 rounded-md bg-red-700 px-1.5 py-0.5 text-xs font-semibold text-white">
            {m.catalog_card_sale()}
          </span>
        ) : null}
      </div>
      <div className="flex flex-1 flex-col gap-1 p-3">
        {product.brand ? (
          <p className="text-xs text-stone-600">
            <UserText>{product.brand}</UserText>
          </p>
        ) : null}
        <h3 className="line-clamp-2 text-sm font-medium text-ink">
          {/* The link covers the whole card; the compare button sits above it. */}
          <Link to="/product/$slug" params={{ slug: product.slug }} className="product-card-link">
            <Highlighted text={product.name} parts={product.highlight} />
          </Link>
        </h3>
        <p className="text-xs text-stone-600">
          <UserText>{pageDigits(product.unit)}</UserText>
        </p>
        <Price
          amount={product.lowestPrice}
          listPrice={product.listPrice}
          prefix={m.catalog_price_from()}
          className="mt-auto pt-2 text-sm"
        />
        <p className="text-xs text-stone-600">
          {m.catalog_card_moq_stores({
            moq: formatNumber(product.moq),
            count: product.storeCount,
            countText: formatNumber(product.storeCount),
          })}
        </p>
        {/* Stock on its own line and the actions on the last, so every card's buttons line up. */}
        <div>
          <StockBadge inStock={product.inStock} />
        </div>
        <div className="flex items-center justify-end gap-1 pt-1">{actions}</div>
      </div>
    </article>
  )
}

export function StockBadge({
  inStock,
  alwaysAvailable = false,
}: {
  inStock: boolean
  alwaysAvailable?: boolean
}) {
  const label = alwaysAvailable
    ? m.catalog_stock_always()
    : inStock
      ? m.catalog_stock_in()
      : m.catalog_stock_out()
  return (
    <span
      className={cn(
        'stock-badge',
        inStock || alwaysAvailable ? 'bg-green-50 text-green-800' : 'bg-stone-100 text-stone-600',
      )}
    >
      {label}
    </span>
  )
}
