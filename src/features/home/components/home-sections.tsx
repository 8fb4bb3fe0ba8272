import { useQuery } from '@tanstack/react-query'
import { MagazineCards, publicMagazineQueries } from '~/features/magazines'
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { ProductCard, type ProductCardData, type StoreSummary } from '~/features/catalog'
import { ResponsiveImage } from '~/features/images'
import { productCardActions } from './product-card-actions'
import { ChevronRightIcon, StoreIcon } from '~/ui/more-icons'
import { formatNumber } from '~/lib/money'
import { m } from '~/lib/messages'

export function SectionHeading({ id, title, more }: { id: string; title: string; more?: ReactNode }) {
  return (
    <div className="mb-4 flex items-end justify-between gap-4">
      <h2 id={id} className="text-xl font-bold tracking-tight text-ink sm:text-2xl">
        {title}
      </h2>
      {more}
    </div>
  )
}

export const moreLinkClasses = 'flex items-center gap-1 text-sm font-medium text-brand-800 hover:underline'

/** A row of product cards under a heading, with a link to the full listing. */
export function ProductStrip({
  id,
  title,
  products,
  more,
}: {
  id: string
  title: string
  products: ProductCardData[]
  more: ReactNode
}) {
  return (
    <section aria-labelledby={id}>
      <SectionHeading id={id} title={title} more={more} />
      {products.length === 0 ? (
        <p className="text-stone-600">{m.catalog_home_nothing()}</p>
      ) : (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-6">
          {products.map((product) => (
            <li key={product.id} className="flex">
              <ProductCard product={product} actions={productCardActions(product)} />
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

/** Stores with the most products on offer; each opens its public page. */
export function FeaturedStores({ stores }: { stores: StoreSummary[] }) {
  if (stores.length === 0) return null
  return (
    <section aria-labelledby="home-stores">
      <SectionHeading id="home-stores" title={m.catalog_home_featured_stores()} />
      <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {stores.map((store) => (
          <li key={store.slug}>
            <Link
              to="/store/$slug"
              params={{ slug: store.slug }}
              className="flex h-full items-center gap-3 rounded-2xl border border-stone-200 bg-white p-3 transition hover:border-brand-400 hover:shadow-md"
            >
              <span className="flex h-12 w-12 shrink-0 items-center justify-center overflow-hidden rounded-xl bg-stone-100 text-stone-500">
                {store.logo ? (
                  <ResponsiveImage
                    src={store.logo}
                    alt=""
                    width={48}
                    height={48}
                    className="h-full w-full object-cover"
                  />
                ) : (
                  <StoreIcon />
                )}
              </span>
              <span className="min-w-0">
                <span className="block truncate text-sm font-semibold text-ink">{store.name}</span>
                <span className="block text-xs text-stone-600">
                  {m.catalog_home_store_line({ city: store.city, count: formatNumber(store.productCount) })}
                </span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  )
}

/**
 * Published magazines, those of plans featured on the home page first, then newest (fetched after
 * the page shows: below the fold).
 */
function MagazineStrip() {
  const { data } = useQuery(publicMagazineQueries.featured())
  if (!data) return <div className="h-72 animate-pulse rounded-2xl bg-stone-100" aria-hidden="true" />
  if (data.length === 0)
    return (
      <p className="rounded-2xl border border-dashed border-stone-300 bg-white p-6 text-sm text-stone-600">
        {m.catalog_home_no_magazines()}
      </p>
    )
  return <MagazineCards magazines={data} strip />
}

export function FeaturedMagazines() {
  return (
    <section aria-labelledby="home-magazines">
      <SectionHeading
        id="home-magazines"
        title={m.catalog_home_magazines()}
        more={
          <Link to="/magazine" className={moreLinkClasses}>
            {m.catalog_home_all_magazines()} <ChevronRightIcon size={16} />
          </Link>
        }
      />
      <MagazineStrip />
    </section>
  )
}
