import { Link } from '@tanstack/react-router'
import { formatMoney } from '~/lib/money'
import type { ProductCard as ProductCardData } from '../catalog.schemas'

export function ProductCard({ product }: { product: ProductCardData }) {
  return (
    <article className="flex flex-col overflow-hidden rounded-xl border border-stone-200 bg-white shadow-sm transition hover:shadow-md">
      <Link to="/product/$slug" params={{ slug: product.slug }} className="flex flex-1 flex-col">
        <div className="aspect-square bg-stone-100">
          {product.image ? (
            <img
              src={product.image}
              alt=""
              loading="lazy"
              width={320}
              height={320}
              className="h-full w-full object-cover"
            />
          ) : null}
        </div>
        <div className="flex flex-1 flex-col gap-1 p-3">
          {product.brand ? <p className="text-xs text-stone-500">{product.brand}</p> : null}
          <h3 className="line-clamp-2 text-sm font-medium text-stone-900">{product.name}</h3>
          <p className="text-xs text-stone-500">{product.unit}</p>
          <p className="mt-auto pt-2 text-sm font-semibold text-stone-900">
            <span className="sr-only">From </span>
            {formatMoney(product.lowestPrice)}
            {product.listPrice ? (
              <s className="ms-2 text-xs font-normal text-stone-500">{formatMoney(product.listPrice)}</s>
            ) : null}
          </p>
          <p className="text-xs text-stone-500">
            {product.storeCount} {product.storeCount === 1 ? 'store' : 'stores'}
          </p>
        </div>
      </Link>
    </article>
  )
}
