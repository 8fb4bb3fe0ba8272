import '@tanstack/react-start/server-only'
import { changeStock, checkTierSet } from '~/features/inventory/index.server'
import type { Tx } from '~/server/db/client.server'
import { HttpError, type FieldErrors } from '~/server/http/api-errors.server'
import type { TierFields } from './stores.schemas'

/**
 * A new SKU's first tiers and opening stock, through the one tier rule set and the stock ledger
 * (DOMAIN.md "Tier rules", "Stock ledger").
 */

/** First tiers are all valid from now and open-ended: a 422 naming each broken tier field. */
export function checkFirstTiers(tiers: readonly TierFields[], at: Date = new Date()): void {
  const violations = checkTierSet(tiers.map((tier) => ({ ...tier, validFrom: at, validTo: null })))
  if (violations.length === 0) return
  const errors: FieldErrors = {}
  for (const v of violations) (errors[`tiers.${v.index}.${v.field}`] ??= []).push(v.message)
  throw new HttpError(422, violations[0]!.message, errors)
}

/** A new SKU's opening stock: one `adjustment` movement in the ledger. */
export async function recordOpeningStock(
  tx: Tx,
  skuId: number,
  quantity: number,
  actorUserId: number,
): Promise<void> {
  await changeStock(tx, { skuId, setTo: quantity, kind: 'adjustment', actorUserId, reason: 'opening_stock' })
}
