import { m } from '~/lib/messages'
import { formatTehranMinute, tehranInputToUtc, utcToTehranInput } from '~/lib/tehran-time'
import { tierForRules, type SkuPricesView } from './price-tiers.schemas'
import { checkTierSet, type TierForRules } from './tier-rules'

/**
 * The new-tiers form's values and how they become the server's input: Tehran wall-clock times,
 * empty numbers, and the tier rules checked before sending (against the tiers the page shows).
 */

/** A tier as the form holds it: numbers are null while empty, times are Tehran `datetime-local` text. */
export interface TierRowValues {
  minQuantity: number | null
  unitPrice: number | null
  offerPrice: number | null
  validFrom: string
  validTo: string
}
export interface TierFormValues {
  tiers: TierRowValues[]
}

export const emptyTierRow = (view: SkuPricesView): TierRowValues => ({
  minQuantity: null,
  unitPrice: null,
  offerPrice: 0,
  validFrom: utcToTehranInput(view.now),
  validTo: '',
})

/** Midnight (Tehran) after `at`, as datetime-local text. */
const tehranMidnightAfter = (at: Date) =>
  `${formatTehranMinute(new Date(at.getTime() + 86_400_000)).slice(0, 10)}T00:00`

/**
 * "Duplicate for next season": the last season on the schedule again, which is the scheduled tiers
 * that start last when there are any, else the active tiers. The copy starts when that season ends
 * (all its tiers bounded), or else at the Tehran midnight after it starts (tomorrow for the active
 * set): the seller then ends the open-ended ones, and the form says so until they do.
 */
export function nextSeasonRows(view: SkuPricesView): TierRowValues[] {
  const scheduled = view.tiers.filter((t) => t.state === 'scheduled')
  const lastStart = scheduled.reduce<string | null>(
    (a, t) => (a === null || t.validFrom > a ? t.validFrom : a),
    null,
  )
  const season =
    lastStart !== null
      ? scheduled.filter((t) => t.validFrom === lastStart)
      : view.tiers.filter((t) => t.state === 'active')
  const ends = season.map((t) => t.validTo)
  const start =
    ends.length > 0 && ends.every((e) => e !== null)
      ? utcToTehranInput(ends.reduce((a, b) => (a! > b! ? a : b))!)
      : tehranMidnightAfter(new Date(lastStart ?? view.now))
  return season.map((t) => ({
    minQuantity: t.minQuantity,
    unitPrice: t.unitPrice,
    offerPrice: t.offerPrice,
    validFrom: start,
    validTo: '',
  }))
}

/** Whether there is a season to duplicate (an active or scheduled tier). */
export const hasSeasonToDuplicate = (view: SkuPricesView) =>
  view.tiers.some((t) => t.state === 'active' || t.state === 'scheduled')

/** The rows that are complete enough to preview and check, as the rules see them (index kept). */
export function rowsForRules(rows: TierRowValues[]): { index: number; tier: TierForRules }[] {
  return rows.flatMap((row, index) => {
    const from = tehranInputToUtc(row.validFrom)
    const to = row.validTo ? tehranInputToUtc(row.validTo) : null
    if (row.minQuantity === null || row.unitPrice === null || !from || (row.validTo && !to)) return []
    return [
      {
        index,
        tier: {
          minQuantity: row.minQuantity,
          unitPrice: row.unitPrice,
          offerPrice: row.offerPrice ?? 0,
          validFrom: from,
          validTo: to,
        },
      },
    ]
  })
}

/** Form values → the server's input, with the date and rule messages found on the way. */
export function tierFormToInput(view: SkuPricesView, values: TierFormValues) {
  const errors: Record<string, string> = {}
  const tiers = values.tiers.map((row, i) => {
    const from = tehranInputToUtc(row.validFrom)
    if (!from) errors[`tiers[${i}].validFrom`] = m.tools_tiers_enter_start()
    const to = row.validTo ? tehranInputToUtc(row.validTo) : null
    if (row.validTo && !to) errors[`tiers[${i}].validTo`] = m.tools_tiers_enter_time_or_empty()
    return {
      minQuantity: row.minQuantity,
      unitPrice: row.unitPrice,
      offerPrice: row.offerPrice ?? 0,
      validFrom: from?.toISOString() ?? row.validFrom,
      validTo: to?.toISOString() ?? (row.validTo || null),
    }
  })
  // The same rules the transaction checks, against the tiers the page shows: messages before sending.
  const complete = rowsForRules(values.tiers)
  if (complete.length === values.tiers.length) {
    const stored = view.tiers.filter((t) => t.state !== 'expired').map(tierForRules)
    for (const violation of checkTierSet(
      complete.map((c) => c.tier),
      stored,
    ))
      errors[`tiers[${violation.index}].${violation.field}`] ??= violation.message
  }
  return { input: { sku: view.sku, tiers }, errors }
}
