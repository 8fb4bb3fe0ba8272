/**
 * The price tier rules (DOMAIN.md "Tier rules"), one set for the tier form, the import and the
 * database transaction that stores tiers. Client-safe and pure: the form shows the same messages
 * before the seller submits, and the server checks again against the tiers already stored.
 *
 * - unit price > 0; 0 <= offer price < unit price (0 = no discount);
 * - valid_to, when set, is after valid_from;
 * - among tiers valid at the same moment, minimum quantities are distinct, and a tier with a higher
 *   minimum quantity is never dearer per unit than one with a lower minimum.
 */

import { m } from '~/lib/messages'
import { formatNumber } from '~/lib/money'

export interface TierForRules {
  minQuantity: number
  unitPrice: number
  /** 0 = no discount. */
  offerPrice: number
  validFrom: Date
  /** null: open-ended. */
  validTo: Date | null
}

/** A broken rule: which tier (index in the list checked) and field, and the message in words. */
export interface TierViolation {
  index: number
  field: 'minQuantity' | 'unitPrice' | 'offerPrice' | 'validFrom' | 'validTo'
  message: string
}

const money = formatNumber

/** What a buyer pays per unit at this tier: the offer price when there is one. */
export const effectiveUnitPrice = (tier: Pick<TierForRules, 'unitPrice' | 'offerPrice'>) =>
  tier.offerPrice > 0 ? tier.offerPrice : tier.unitPrice

/** Whether two tiers are ever valid at the same moment ([from, to) intervals overlap). */
export function tiersOverlap(
  a: Pick<TierForRules, 'validFrom' | 'validTo'>,
  b: Pick<TierForRules, 'validFrom' | 'validTo'>,
) {
  const aEnds = a.validTo?.getTime() ?? Number.POSITIVE_INFINITY
  const bEnds = b.validTo?.getTime() ?? Number.POSITIVE_INFINITY
  return a.validFrom.getTime() < bEnds && b.validFrom.getTime() < aEnds
}

/** The rules one tier must meet on its own. */
export function checkTier(tier: TierForRules, index = 0): TierViolation[] {
  const violations: TierViolation[] = []
  if (!(tier.unitPrice > 0))
    violations.push({ index, field: 'unitPrice', message: m.tools_rule_unit_price_positive() })
  if (tier.offerPrice < 0)
    violations.push({ index, field: 'offerPrice', message: m.tools_rule_offer_negative() })
  else if (tier.offerPrice > 0 && tier.offerPrice >= tier.unitPrice)
    violations.push({
      index,
      field: 'offerPrice',
      message: m.tools_rule_offer_not_below({ offer: money(tier.offerPrice), unit: money(tier.unitPrice) }),
    })
  if (!(tier.minQuantity >= 1))
    violations.push({ index, field: 'minQuantity', message: m.tools_rule_min_quantity() })
  if (tier.validTo && tier.validTo.getTime() <= tier.validFrom.getTime())
    violations.push({ index, field: 'validTo', message: m.tools_rule_valid_to_after() })
  return violations
}

/**
 * Checks `tiers` (new or changed) each on its own and against each other and against `stored`, the
 * SKU's other tiers that stay. Violations name the index in `tiers`.
 */
export function checkTierSet(
  tiers: readonly TierForRules[],
  stored: readonly TierForRules[] = [],
): TierViolation[] {
  const violations = tiers.flatMap((tier, index) => checkTier(tier, index))
  if (violations.length > 0) return violations
  const others: { tier: TierForRules; index: number | null }[] = [
    ...tiers.map((tier, index) => ({ tier, index })),
    ...stored.map((tier) => ({ tier, index: null })),
  ]
  tiers.forEach((tier, index) => {
    for (const other of others) {
      if (other.index !== null && other.index >= index) continue
      if (!tiersOverlap(tier, other.tier)) continue
      const against =
        other.index === null
          ? m.tools_rule_existing_tier()
          : m.tools_rule_tier_n({ n: formatNumber(other.index + 1) })
      if (tier.minQuantity === other.tier.minQuantity) {
        violations.push({
          index,
          field: 'minQuantity',
          message: m.tools_rule_quantity_used({ quantity: formatNumber(tier.minQuantity), against }),
        })
        continue
      }
      const [lower, higher] =
        tier.minQuantity < other.tier.minQuantity ? [tier, other.tier] : [other.tier, tier]
      if (effectiveUnitPrice(higher) > effectiveUnitPrice(lower)) {
        violations.push({
          index,
          field: tier === higher ? (tier.offerPrice > 0 ? 'offerPrice' : 'unitPrice') : 'minQuantity',
          message: m.tools_rule_dearer({
            higherPrice: money(effectiveUnitPrice(higher)),
            higherQuantity: formatNumber(higher.minQuantity),
            lowerPrice: money(effectiveUnitPrice(lower)),
            lowerQuantity: formatNumber(lower.minQuantity),
            against,
          }),
        })
      }
    }
  })
  return violations
}

/** The state of a tier at a moment: scheduled (not yet valid), active, or expired. */
export function tierState(
  tier: Pick<TierForRules, 'validFrom' | 'validTo'>,
  at: Date,
): 'scheduled' | 'active' | 'expired' {
  if (tier.validFrom.getTime() > at.getTime()) return 'scheduled'
  if (tier.validTo && tier.validTo.getTime() <= at.getTime()) return 'expired'
  return 'active'
}
