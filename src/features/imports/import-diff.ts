import { type TierForRules, checkTierSet } from '~/features/inventory'
import type { ImportRowOutcome } from '~/lib/domain-enums'
import type { ImportRowState } from '~/lib/import-shapes'
import { m } from '~/lib/messages'
import { formatNumber } from '~/lib/money'
import { formatTehranDay } from '~/lib/tehran-time'
import { TIER_SLOTS } from './import-format'
import type { SheetRow, SheetTier } from './import-rows'

/**
 * What one sheet row would change (the dry run's diff), decided from the row and the SKU's live
 * figures. Pure, so every rule here is tested without a database; the apply step checks the same
 * facts again inside its transaction.
 */

/** A SKU's tier as stored. */
export interface StoredTier {
  id: number
  minQuantity: number
  unitPrice: number
  offerPrice: number
  validFrom: Date
  validTo: Date | null
}

/** The live facts about one of the seller's SKUs. `tiers` are its current and scheduled tiers. */
export interface SkuFacts {
  skuId: number
  productId: number
  stock: number
  alwaysAvailable: boolean
  piecesPerPack: number
  tiers: StoredTier[]
}

/** A row's before/after state; tier dates as ISO strings, null valid_from meaning "from now". */
export type RowState = ImportRowState
export type TierState = NonNullable<ImportRowState['tiers']>[number]

export interface RowDiff {
  outcome: ImportRowOutcome
  skuId: number | null
  expectedStock: number | null
  before: RowState | null
  after: RowState | null
  errors: string[]
  warnings: string[]
}

export const NOT_YOUR_SKU = (sku: string) => m.tools_diff_not_your_sku({ sku })
export const OBSERVER_STOCK_ONLY = () => m.tools_diff_observer_stock_only()
export const STALE_STOCK = (live: number, sheet: number) =>
  m.tools_diff_stale_stock({ live: formatNumber(live), sheet: formatNumber(sheet) })
export const TOO_MANY_TIERS = (count: number) =>
  m.tools_diff_too_many_tiers({ count: String(count), slots: String(TIER_SLOTS) })

const iso = (date: Date | null) => (date ? date.toISOString() : null)

/** A stored tier as state; tiers already in force show valid_from as "now" (null). */
export function storedTierState(tier: StoredTier, at: Date): TierState {
  return {
    id: tier.id,
    minQuantity: tier.minQuantity,
    unitPrice: tier.unitPrice,
    offerPrice: tier.offerPrice,
    validFrom: tier.validFrom.getTime() <= at.getTime() ? null : iso(tier.validFrom),
    validTo: iso(tier.validTo),
  }
}

function sheetTierState(tier: SheetTier, at: Date): TierState {
  const starts = tier.validFrom && tier.validFrom.getTime() > at.getTime() ? tier.validFrom : null
  return {
    minQuantity: tier.minQuantity,
    unitPrice: tier.unitPrice,
    offerPrice: tier.offerPrice,
    validFrom: iso(starts),
    validTo: iso(tier.validTo),
  }
}

/** Sheets hold times to the minute, so tiers compare at minute precision. */
const minute = (iso: string | null) => (iso ? iso.slice(0, 16) : '')
const tierKey = (t: TierState) =>
  [t.minQuantity, t.unitPrice, t.offerPrice, minute(t.validFrom), minute(t.validTo)].join('|')
const sameTiers = (a: TierState[], b: TierState[]) =>
  a.map(tierKey).sort().join(';') === b.map(tierKey).sort().join(';')

export function evaluateRow(
  row: SheetRow,
  facts: SkuFacts | undefined,
  at: Date,
  stockOnly: boolean,
): RowDiff {
  const diff: RowDiff = {
    outcome: 'error',
    skuId: facts?.skuId ?? null,
    expectedStock: row.currentStock,
    before: null,
    after: null,
    errors: [...row.errors],
    warnings: [],
  }
  if (row.sku && !facts && row.errors.length === 0) diff.errors.push(NOT_YOUR_SKU(row.sku))
  if (stockOnly && row.tiers !== null) diff.errors.push(OBSERVER_STOCK_ONLY())
  if (!facts || diff.errors.length > 0) return diff

  const before: RowState = {}
  const after: RowState = {}
  if (row.newStock !== null && row.currentStock !== null) {
    if (row.currentStock !== facts.stock) diff.warnings.push(STALE_STOCK(facts.stock, row.currentStock))
    if (row.newStock !== facts.stock || row.currentStock !== facts.stock) {
      before.stock = facts.stock
      after.stock = row.newStock
    }
  }
  if (row.alwaysAvailable !== null && row.alwaysAvailable !== facts.alwaysAvailable) {
    before.alwaysAvailable = facts.alwaysAvailable
    after.alwaysAvailable = row.alwaysAvailable
  }
  if (row.tiers !== null) {
    const stored = facts.tiers.map((tier) => storedTierState(tier, at))
    const wanted = row.tiers.map((tier) => sheetTierState(tier, at))
    // Tiers the row leaves as they are stay untouched, so only a change is held to the rules.
    if (!sameTiers(stored, wanted)) {
      diff.errors.push(...tierErrors(row.tiers, facts.tiers.length, at))
      for (const tier of row.tiers)
        if (tier.validFrom && tier.validFrom.getTime() <= at.getTime())
          diff.warnings.push(m.tools_diff_start_passed({ quantity: String(tier.minQuantity) }))
      before.tiers = stored
      after.tiers = wanted
    }
  }
  if (diff.errors.length > 0) return diff
  const changes = Object.keys(after).length > 0
  return {
    ...diff,
    outcome: changes ? 'update' : 'unchanged',
    before: changes ? before : null,
    after: changes ? after : null,
  }
}

function tierErrors(tiers: SheetTier[], storedCount: number, at: Date): string[] {
  if (storedCount > TIER_SLOTS) return [TOO_MANY_TIERS(storedCount)]
  if (tiers.length === 0) return [m.tools_diff_all_tiers_empty()]
  const errors: string[] = []
  const forRules: TierForRules[] = tiers.map((tier) => ({
    ...tier,
    validFrom: tier.validFrom && tier.validFrom.getTime() > at.getTime() ? tier.validFrom : at,
  }))
  forRules.forEach((tier, i) => {
    if (tier.validTo && tier.validTo.getTime() <= at.getTime())
      errors.push(
        m.tools_diff_tier_problem({
          n: String(i + 1),
          problem: m.tools_diff_valid_to_passed({ day: formatTehranDay(tier.validTo) }),
        }),
      )
  })
  if (errors.length) return errors
  for (const violation of checkTierSet(forRules))
    errors.push(m.tools_diff_tier_problem({ n: String(violation.index + 1), problem: violation.message }))
  return errors
}
