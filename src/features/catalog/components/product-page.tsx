import { Link } from '@tanstack/react-router'
import { useEffect, type ReactNode } from 'react'
import { recordVisit } from '~/features/history'
import { currentLocale, nameInLocale, unitInLocale } from '~/lib/i18n'
import { formatNumber } from '~/lib/money'
import type { ProductDetail } from '../catalog.types'
import { Breadcrumbs } from './breadcrumbs'
import { OffersTable, type AddOffer } from './offers-table'
import { Price } from './price'
import { StockBadge } from './product-card'
import { ProductGallery } from './product-gallery'
import { ShareButton } from './share-button'
import { m } from '~/lib/messages'

/** What the compare list keeps of a product: both names, so it follows a later change of language. */
export interface ComparedProduct {
  id: number
  slug: string
  name: string
  nameFa?: string
  image: string | null
}

/**
 * /product/{slug}: photos, facts, every store's offer with its tiers, compare and share. The route
 * fills what features above the catalogue do: `addOffer` (the basket's add of an offer) and
 * `compare` (the compare button, given what the compare list keeps of the product).
 */
export function ProductPage({
  product,
  url,
  addOffer,
  compare,
}: {
  product: ProductDetail
  url: string
  addOffer: AddOffer
  compare?: (product: ComparedProduct) => ReactNode
}) {
  const image = product.photos[0]?.url ?? null
  // In Persian the Persian name leads and the catalogue's English name follows, and the other way round.
  const persian = currentLocale() === 'fa' && product.nameFa
  const title = nameInLocale(product)
  // History and compare keep both names, so their lists follow a later change of language.
  const compared: ComparedProduct = {
    id: product.id,
    slug: product.slug,
    name: product.name,
    ...(product.nameFa ? { nameFa: product.nameFa } : {}),
    image,
  }
  // Spec §3/§9: every product page view goes to the browsing history (newest first, at most 10).
  useEffect(() => {
    recordVisit({
      id: product.id,
      slug: product.slug,
      name: product.name,
      ...(product.nameFa ? { nameFa: product.nameFa } : {}),
      image,
      unit: product.unit,
      ...(product.lowestPrice !== null ? { lowestPrice: product.lowestPrice } : {}),
    })
  }, [product.id, product.slug, product.name, product.nameFa, product.unit, product.lowestPrice, image])

  return (
    <article className="flex flex-col gap-8">
      <Breadcrumbs trail={product.categoryTrail} current={title} />
      <div className="grid gap-8 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]">
        <ProductGallery photos={product.photos} name={title} />
        <div className="flex flex-col gap-4">
          {product.brand ? (
            <Link
              to="/product"
              search={{ brand: [product.brand.slug] }}
              className="text-sm font-medium text-brand-800 hover:underline"
            >
              {product.brand.name}
            </Link>
          ) : null}
          <h1 className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">{title}</h1>
          {persian ? (
            <p lang="en" dir="ltr" className="self-start text-lg text-stone-700">
              {product.name}
            </p>
          ) : product.nameFa ? (
            <p lang="fa" dir="rtl" className="self-start text-lg text-stone-700">
              {product.nameFa}
            </p>
          ) : null}
          <p className="text-sm text-stone-600">
            {m.catalog_product_sold_as({ unit: unitInLocale(product) })}
          </p>
          {product.lowestPrice !== null ? (
            <div className="flex flex-wrap items-center gap-3">
              <Price
                amount={product.lowestPrice}
                listPrice={product.listPrice}
                prefix={m.catalog_price_from()}
                className="text-xl"
              />
              <StockBadge inStock={product.inStock} />
            </div>
          ) : null}
          {product.moq !== null ? (
            <p className="text-sm text-stone-600">
              {m.catalog_product_moq_stores({
                moq: product.moq,
                moqText: formatNumber(product.moq),
                stores: product.offers.length,
                storesText: formatNumber(product.offers.length),
              })}
            </p>
          ) : null}
          <div className="flex flex-wrap gap-2">
            {compare?.(compared)}
            <ShareButton title={title} url={url} />
          </div>
          {product.attributes.length ? (
            <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-2 rounded-xl border border-stone-200 bg-white p-4 text-sm">
              {product.attributes.map((a) => (
                <div key={a.key} className="contents">
                  <dt dir="auto" className="text-stone-600">
                    {a.key}
                  </dt>
                  <dd dir="auto" className="text-ink">
                    {a.value}
                  </dd>
                </div>
              ))}
            </dl>
          ) : null}
        </div>
      </div>

      <section aria-labelledby="offers-heading" className="flex flex-col gap-3">
        <h2 id="offers-heading" className="text-xl font-semibold text-ink">
          {m.catalog_product_offers_heading({
            count: product.offers.length,
            countText: formatNumber(product.offers.length),
          })}
        </h2>
        <OffersTable product={product} addOffer={addOffer} />
      </section>

      <section aria-labelledby="description-heading" className="flex max-w-3xl flex-col gap-2">
        <h2 id="description-heading" className="text-xl font-semibold text-ink">
          {m.catalog_product_description()}
        </h2>
        {product.description
          .split(/\n\s*\n/)
          .filter(Boolean)
          .map((paragraph, i) => (
            // A seller writes in either language: each paragraph runs in its own direction (an
            // English one on a Persian page would otherwise end with its full stop on the left).
            <p key={i} dir="auto" className="text-stone-700">
              {paragraph}
            </p>
          ))}
      </section>
    </article>
  )
}
