import '@tanstack/react-start/server-only'
import { eq } from 'drizzle-orm'
import type { DbOrTx } from '~/server/db/client.server'
import { skus } from '~/server/db/schema'
import { HttpError, type FieldErrors } from '~/server/http/api-errors.server'
import type { TierFields } from './stores.schemas'

/**
 * The two writes the inventory issue owns, kept in one place each so they switch to its tier-rules
 * module and stock ledger: the first tiers' rules and the opening stock of a new SKU.
 */

/** DOMAIN.md "Tier rules" for first tiers (all valid from now, open-ended): 422 per tier field. */
export function checkFirstTiers(tiers: readonly TierFields[]): void {
  const errors: FieldErrors = {}
  tiers.forEach((tier, i) => {
    if (tier.offerPrice >= tier.unitPrice)
      errors[`tiers.${i}.offerPrice`] = ['The offer price must be below the unit price (0: no offer)']
  })
  const sorted = tiers.map((t, i) => ({ ...t, i })).sort((a, b) => a.minQuantity - b.minQuantity)
  for (let k = 1; k < sorted.length; k++) {
    const lower = sorted[k - 1]!
    const higher = sorted[k]!
    if (higher.minQuantity === lower.minQuantity) {
      errors[`tiers.${higher.i}.minQuantity`] = ['Each tier needs a different minimum quantity']
      continue
    }
    const effective = (t: TierFields) => (t.offerPrice > 0 ? t.offerPrice : t.unitPrice)
    if (effective(higher) > effective(lower))
      errors[`tiers.${higher.i}.unitPrice`] = ['A tier for more units cannot be dearer per unit']
  }
  const first = Object.values(errors)[0]?.[0]
  if (first) throw new HttpError(422, first, errors)
}

/** Sets a new SKU's opening stock (the inventory issue's ledger records it as an `adjustment`). */
export async function recordOpeningStock(
  tx: DbOrTx,
  skuId: number,
  quantity: number,
  _actorUserId: number,
): Promise<void> {
  await tx.update(skus).set({ remainingQuantity: quantity }).where(eq(skus.id, skuId))
}
