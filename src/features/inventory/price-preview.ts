import { effectiveUnitPrice, tierState, type TierForRules } from './tier-rules'

/**
 * What a buyer pays, per unit and in total, at a few quantities and at the moments the prices
 * change: now, and each future start or end of a tier. Pure, so the page recomputes it as the
 * seller types and a test pins it down.
 */

export interface PreviewRow {
  quantity: number
  /** The minimum quantity of the tier that applies, or null when none does (below every minimum). */
  tierMinQuantity: number | null
  /** What the buyer pays per unit (the offer price when there is one), or null. */
  unitPrice: number | null
  /** The undiscounted unit price when an offer applies, else null. */
  listUnitPrice: number | null
  total: number | null
}

export interface PreviewMoment {
  at: Date
  /** true for the first moment (now); the others are scheduled changes. */
  now: boolean
  rows: PreviewRow[]
}

export const MAX_PREVIEW_QUANTITIES = 10
export const MAX_PREVIEW_MOMENTS = 5

/** 1, each tier's minimum, one quantity between each pair of neighbours, and twice the largest. */
export function previewQuantities(tiers: readonly Pick<TierForRules, 'minQuantity'>[]): number[] {
  const minimums = [...new Set(tiers.map((t) => t.minQuantity).filter((q) => q >= 1))].sort((a, b) => a - b)
  const quantities = new Set<number>([1, ...minimums])
  const steps = [1, ...minimums]
  for (let i = 1; i < steps.length; i++) {
    const between = Math.floor((steps[i - 1]! + steps[i]!) / 2)
    if (between > steps[i - 1]! && between < steps[i]!) quantities.add(between)
  }
  const top = steps.at(-1)!
  quantities.add(top * 2)
  const sorted = [...quantities].sort((a, b) => a - b)
  if (sorted.length <= MAX_PREVIEW_QUANTITIES) return sorted
  // Too many: keep 1, the minimums, and as many of the in-between ones as fit.
  const keep = new Set([1, ...minimums.slice(0, MAX_PREVIEW_QUANTITIES - 1)])
  for (const q of sorted) if (keep.size < MAX_PREVIEW_QUANTITIES) keep.add(q)
  return [...keep].sort((a, b) => a - b)
}

/** The tier a buyer gets for `quantity` at `at`: the valid one with the highest minimum <= quantity. */
export function applicableTier<T extends TierForRules>(
  tiers: readonly T[],
  quantity: number,
  at: Date,
): T | null {
  let best: T | null = null
  for (const tier of tiers) {
    if (tierState(tier, at) !== 'active' || tier.minQuantity > quantity) continue
    if (!best || tier.minQuantity > best.minQuantity) best = tier
  }
  return best
}

/** The moments worth showing: `at`, then each distinct future start or end of a tier. */
export function changeMoments(tiers: readonly TierForRules[], at: Date): Date[] {
  const times = new Set<number>()
  for (const tier of tiers) {
    if (tier.validFrom.getTime() > at.getTime()) times.add(tier.validFrom.getTime())
    if (tier.validTo && tier.validTo.getTime() > at.getTime()) times.add(tier.validTo.getTime())
  }
  const future = [...times].sort((a, b) => a - b).slice(0, MAX_PREVIEW_MOMENTS - 1)
  return [at, ...future.map((t) => new Date(t))]
}

export function pricePreview(tiers: readonly TierForRules[], at: Date): PreviewMoment[] {
  const quantities = previewQuantities(tiers)
  return changeMoments(tiers, at).map((moment, index) => ({
    at: moment,
    now: index === 0,
    rows: quantities.map((quantity) => {
      const tier = applicableTier(tiers, quantity, moment)
      if (!tier) return { quantity, tierMinQuantity: null, unitPrice: null, listUnitPrice: null, total: null }
      const unitPrice = effectiveUnitPrice(tier)
      return {
        quantity,
        tierMinQuantity: tier.minQuantity,
        unitPrice,
        listUnitPrice: tier.offerPrice > 0 ? tier.unitPrice : null,
        total: unitPrice * quantity,
      }
    }),
  }))
}
