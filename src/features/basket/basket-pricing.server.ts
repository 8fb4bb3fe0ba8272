import '@tanstack/react-start/server-only'
import { effectivePrice } from '~/features/catalog/index.server'

/**
 * Basket pricing (DOMAIN.md "Catalogue"): a line is priced by the applicable tier, the valid tier
 * with the highest minimum quantity not above the quantity. The catalogue has the effective-price
 * rule but no per-quantity lookup, so it lives here; checkout should reuse it.
 */

export interface Tier {
  minQuantity: number
  unitPrice: number
  /** 0: no discount. */
  offerPrice: number
  pricePerPiece: number
  validFrom: string
  validTo: string | null
}

/**
 * The tier that prices `quantity` units, from tiers already known to be valid now. Below every
 * minimum the entry tier (lowest minimum) prices it: the basket does not refuse such a quantity,
 * checkout does. Two tiers with the same minimum: the cheaper applies (as on the product page).
 */
export function applicableTier<T extends Tier>(tiers: readonly T[], quantity: number): T | null {
  let best: T | null = null
  for (const tier of tiers) {
    if (tier.minQuantity > quantity) continue
    if (
      !best ||
      tier.minQuantity > best.minQuantity ||
      (tier.minQuantity === best.minQuantity && effectivePrice(tier) < effectivePrice(best))
    )
      best = tier
  }
  return best ?? entryTier(tiers)
}

/** The tier with the lowest minimum quantity (the cheaper one on a tie), or null when none. */
export function entryTier<T extends Tier>(tiers: readonly T[]): T | null {
  let entry: T | null = null
  for (const tier of tiers) {
    if (
      !entry ||
      tier.minQuantity < entry.minQuantity ||
      (tier.minQuantity === entry.minQuantity && effectivePrice(tier) < effectivePrice(entry))
    )
      entry = tier
  }
  return entry
}

export interface LinePrice {
  unitPrice: number
  offerPrice: number
  pricePerPiece: number
  /** Per unit: the offer price when set, else the unit price. */
  effectiveAmount: number
  hasDiscount: boolean
  /** The applied tier's minimum quantity. */
  priceMinQuantity: number
  validity: { valid_from: string; valid_to: string | null }
}

/** A line's prices, or null when the SKU has no valid tier (it cannot be bought right now). */
export function priceLine(tiers: readonly Tier[], quantity: number): LinePrice | null {
  const tier = applicableTier(tiers, quantity)
  if (!tier) return null
  return {
    unitPrice: tier.unitPrice,
    offerPrice: tier.offerPrice,
    pricePerPiece: tier.pricePerPiece,
    effectiveAmount: effectivePrice(tier),
    hasDiscount: tier.offerPrice !== 0,
    priceMinQuantity: tier.minQuantity,
    validity: { valid_from: tier.validFrom, valid_to: tier.validTo },
  }
}

/** A price locked for the buyer by an accepted quote (issue #40), for one SKU and quantity. */
export interface QuotedPrice {
  unitPrice: number
  validUntil: string
}

/**
 * A line's prices with the buyer's quoted price when one applies: the quoted price replaces the
 * tier price (no discount on top), valid until the quote's end; otherwise `priceLine`.
 */
export function priceLineOrQuoted(
  tiers: readonly Tier[],
  quantity: number,
  quoted: QuotedPrice | null,
): LinePrice | null {
  if (!quoted) return priceLine(tiers, quantity)
  return {
    unitPrice: quoted.unitPrice,
    offerPrice: 0,
    pricePerPiece: quoted.unitPrice,
    effectiveAmount: quoted.unitPrice,
    hasDiscount: false,
    priceMinQuantity: quantity,
    validity: {
      valid_from: priceLine(tiers, quantity)?.validity.valid_from ?? quoted.validUntil,
      valid_to: quoted.validUntil,
    },
  }
}
