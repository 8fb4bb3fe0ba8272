import { constants } from '#app-config'
import { absoluteUrl, clip } from '../catalog-seo'
import type { ProductDetail } from '../catalog.types'

/** A product page's schema.org data, apart from catalog-seo.ts (its comment says why). */

/** Per currency, computed once: building an Intl.NumberFormat for every price cost a page ~0.2 ms. */
const fractionDigitsOf = new Map<string, number>()

function fractionDigits(currency: string): number {
  let digits = fractionDigitsOf.get(currency)
  if (digits === undefined) {
    digits =
      new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2
    fractionDigitsOf.set(currency, digits)
  }
  return digits
}

/** Minor units as the decimal string schema.org expects ("1250000", or "12.50" for USD). */
export function schemaPrice(minorUnits: number, currency: string = constants.money.currency): string {
  const digits = fractionDigits(currency)
  return digits === 0 ? String(minorUnits) : (minorUnits / 10 ** digits).toFixed(digits)
}

/** schema.org Product with an AggregateOffer over every store's offer. */
export function productJsonLd(product: ProductDetail, url: string, siteUrl: string): object {
  const currency = constants.money.currency
  const effective = (o: { unitPrice: number; offerPrice: number }) =>
    o.offerPrice > 0 ? o.offerPrice : o.unitPrice
  const prices = product.offers.map(effective)
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    description: clip(product.description, 500),
    url,
    sku: product.offers[0]?.sku,
    image: product.photos.map((p) => absoluteUrl(siteUrl, p.url)),
    ...(product.brand ? { brand: { '@type': 'Brand', name: product.brand.name } } : {}),
    category: product.categoryTrail.map((c) => c.name).join(' > '),
    additionalProperty: product.attributes.map((a) => ({
      '@type': 'PropertyValue',
      name: a.key,
      value: a.value,
    })),
    ...(product.offers.length
      ? {
          offers: {
            '@type': 'AggregateOffer',
            priceCurrency: currency,
            lowPrice: schemaPrice(Math.min(...prices)),
            highPrice: schemaPrice(Math.max(...prices)),
            offerCount: product.offers.length,
            offers: product.offers.map((o) => ({
              '@type': 'Offer',
              sku: o.sku,
              price: schemaPrice(effective(o)),
              priceCurrency: currency,
              availability:
                o.alwaysAvailable || o.remainingQuantity > 0
                  ? 'https://schema.org/InStock'
                  : 'https://schema.org/OutOfStock',
              eligibleQuantity: {
                '@type': 'QuantitativeValue',
                minValue: o.minQuantity,
                unitText: product.unit,
              },
              seller: { '@type': 'Organization', name: o.storeName },
              url,
            })),
          },
        }
      : {}),
  }
}
