import type { SkuStatus } from '~/lib/domain-enums'
import type { ProductSpec } from './catalog-generator'
import type { SellerSpec } from './market-generator'
import { Random, seedFrom } from './random'

export const skusPerScale = 4000

export interface TierSpec {
  minQuantity: number
  unitPrice: number
  /** 0: no discount. */
  offerPrice: number
  pricePerPiece: number
  validFrom: Date
  validTo: Date | null
}

export interface SkuSpec {
  /** Index into the flattened store list (sellers in order, their stores in order). */
  storeIndex: number
  productIndex: number
  /** 1-based sequence within the store, for the `OMD-<store>-<n>` code. */
  sequence: number
  remainingQuantity: number
  alwaysAvailable: boolean
  piecesPerPack: number
  status: SkuStatus
  tiers: TierSpec[]
  createdMinutesAgo: number
}

const minute = 60_000
const day = 24 * 60 * minute

/** Order quantities wholesalers actually use for price breaks. */
const quantityLadder = [1, 2, 3, 5, 10, 12, 20, 24, 25, 50, 100, 200, 500]

const roundPrice = (value: number) => Math.max(450_000, Math.min(90_000_000, Math.round(value / 1000) * 1000))

export interface TierOptions {
  basePrice: number
  piecesPerPack: number
  count: number
  discounted: boolean
  /** Higher tiers end within 1-14 days; the first tier stays open so the offer keeps a valid price. */
  expiring: boolean
  /** Every tier has ended. The offer must then be inactive. */
  expired: boolean
  now: Date
}

/**
 * Price tiers for one offer: distinct, rising minimum quantities with falling unit prices, an offer
 * price strictly below the unit price when discounted, and a price per piece from the effective price.
 */
export function buildTiers(rng: Random, o: TierOptions): TierSpec[] {
  const now = o.now.getTime()
  const tiers: TierSpec[] = []
  let ladderIndex = rng.weighted([0, 1, 2, 3, 4, 5], [60, 8, 7, 10, 10, 5])
  let unitPrice = roundPrice(o.basePrice)
  for (let t = 0; t < o.count; t++) {
    if (t > 0) {
      ladderIndex += rng.int(2, 4)
      if (ladderIndex >= quantityLadder.length) break
      unitPrice = Math.min(unitPrice, roundPrice(unitPrice * (1 - rng.between(0.03, 0.08))))
    }
    const minQuantity = quantityLadder[ladderIndex] ?? 1
    let offerPrice = 0
    if (o.discounted) {
      offerPrice = Math.round((unitPrice * rng.between(0.8, 0.95)) / 1000) * 1000
      if (offerPrice >= unitPrice) offerPrice = unitPrice - 1000
      // A larger quantity is never dearer per unit than a smaller one (DOMAIN.md "Tier rules").
      const previous = tiers.at(-1)
      if (previous)
        offerPrice = Math.min(offerPrice, previous.offerPrice > 0 ? previous.offerPrice : previous.unitPrice)
    }
    const effective = offerPrice > 0 ? offerPrice : unitPrice
    let validFrom: Date
    let validTo: Date | null = null
    if (o.expired) {
      validFrom = new Date(now - rng.int(60, 150) * day)
      validTo = new Date(now - rng.int(1, 30) * day - rng.int(0, 600) * minute)
    } else if (o.expiring && t > 0) {
      validFrom = new Date(now - rng.int(0, 20) * day - rng.int(60, 600) * minute)
      validTo = new Date(now + rng.int(1, 14) * day - rng.int(0, 600) * minute)
    } else {
      validFrom = new Date(now - rng.int(1, 120) * day - rng.int(0, 1440) * minute)
    }
    tiers.push({
      minQuantity,
      unitPrice,
      offerPrice,
      pricePerPiece: Math.round(effective / Math.max(1, o.piecesPerPack)),
      validFrom,
      validTo,
    })
  }
  return tiers
}

export interface PlanSkusInput {
  sellers: readonly SellerSpec[]
  products: readonly ProductSpec[]
  count: number
  now: Date
  seed?: number
}

/**
 * Spreads `count` offers over the active stores of approved sellers: every active product gets one
 * offer first, the rest go to random products, each in a store that sells its department.
 */
export function planSkus({ sellers, products, count, now, seed = 1 }: PlanSkusInput): SkuSpec[] {
  const rng = new Random(seedFrom('skus', seed))
  const stores = sellers.flatMap((seller) => seller.stores.map((store) => ({ seller, store })))
  const eligible = stores.flatMap(({ seller, store }, index) =>
    seller.status === 'approved' && store.status === 'active' ? [index] : [],
  )
  if (eligible.length === 0) return []
  const byDepartment = new Map<string, number[]>()
  for (const index of eligible) {
    for (const slug of stores[index]?.store.specialties ?? []) {
      const list = byDepartment.get(slug)
      if (list) list.push(index)
      else byDepartment.set(slug, [index])
    }
  }
  const activeProducts = products.flatMap((p, index) => (p.status === 'active' ? [index] : []))
  const used = new Set<string>()
  const sequences = new Map<number, number>()
  const skus: SkuSpec[] = []

  const place = (productIndex: number): boolean => {
    const product = products[productIndex]
    if (!product) return false
    const specialists = byDepartment.get(product.topSlug) ?? []
    for (let attempt = 0; attempt < 12; attempt++) {
      const storeIndex = attempt < 8 && specialists.length > 0 ? rng.pick(specialists) : rng.pick(eligible)
      const key = `${storeIndex}:${productIndex}`
      if (used.has(key)) continue
      used.add(key)
      skus.push(buildSku(rng, storeIndex, productIndex, product, stores[storeIndex]?.store.priceFactor ?? 1))
      return true
    }
    return false
  }

  const buildSku = (
    r: Random,
    storeIndex: number,
    productIndex: number,
    product: ProductSpec,
    factor: number,
  ): SkuSpec => {
    const sequence = (sequences.get(storeIndex) ?? 0) + 1
    sequences.set(storeIndex, sequence)
    const expired = r.chance(0.03)
    const tierCount = r.weighted([1, 2, 3], [45, 35, 20])
    const alwaysAvailable = r.chance(0.1)
    const outOfStock = !alwaysAvailable && r.chance(0.1)
    return {
      storeIndex,
      productIndex,
      sequence,
      remainingQuantity: outOfStock ? 0 : alwaysAvailable ? r.int(0, 200) : r.int(5, 1500),
      alwaysAvailable,
      piecesPerPack: product.piecesPerPack,
      status: expired || r.chance(0.03) ? 'inactive' : 'active',
      tiers: buildTiers(r, {
        basePrice: product.basePrice * factor * r.between(0.96, 1.05),
        piecesPerPack: product.piecesPerPack,
        count: tierCount,
        discounted: r.chance(0.2),
        expiring: !expired && tierCount > 1 && r.chance(0.3),
        expired,
        now,
      }),
      createdMinutesAgo: r.int(0, Math.max(0, product.createdMinutesAgo)),
    }
  }

  for (const productIndex of rng.shuffle(activeProducts)) {
    if (skus.length >= count) break
    place(productIndex)
  }
  let misses = 0
  while (skus.length < count && activeProducts.length > 0 && misses < count * 10) {
    if (!place(rng.pick(activeProducts))) misses++
  }
  return skus
}
