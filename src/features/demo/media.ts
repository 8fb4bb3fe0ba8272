import type { CategorySpec, ProductSpec } from './data/catalog-generator'
import type { StoreSpec } from './data/market-generator'
import { categorySvg, productSvg, storeLogoSvg } from './data/svg'

export interface MediaFile {
  key: string
  /** Rendered when written, so the whole set never sits in memory at once. */
  body: () => string
}

export const categoryImageKey = (slug: string) => `categories/${slug}.svg`
export const storeLogoKey = (slug: string) => `stores/${slug}.svg`
export const productPhotoKey = (slug: string) => `products/${slug}.svg`
/** `--` never occurs in a slug, so this cannot collide with another product's first photo. */
export const secondPhotoKey = (slug: string) => `products/${slug}--2.svg`

/** Every generated image the demo data refers to. */
export function seedMedia(
  categories: readonly CategorySpec[],
  stores: readonly StoreSpec[],
  products: readonly ProductSpec[],
): MediaFile[] {
  return [
    ...categories.map((c) => ({ key: categoryImageKey(c.slug), body: () => categorySvg(c.name, c.colour) })),
    ...stores.map((s) => ({ key: storeLogoKey(s.slug), body: () => storeLogoSvg(s.name) })),
    ...products.flatMap((p) => [
      { key: productPhotoKey(p.slug), body: () => productSvg(p, 0) },
      ...(p.photoCount > 1 ? [{ key: secondPhotoKey(p.slug), body: () => productSvg(p, 1) }] : []),
    ]),
  ]
}
