import { describe, expect, it } from 'vitest'
import { applicableTier, changeMoments, pricePreview, previewQuantities } from './price-preview'
import type { TierForRules } from './tier-rules'

const NOW = new Date('2026-11-26T06:30:00.000Z')
const TOMORROW = new Date('2026-11-27T06:30:00.000Z')
const NEXT_WEEK = new Date('2026-12-03T06:30:00.000Z')

const tier = (over: Partial<TierForRules>): TierForRules => ({
  minQuantity: 1,
  unitPrice: 1000,
  offerPrice: 0,
  validFrom: new Date('2026-11-01T00:00:00.000Z'),
  validTo: null,
  ...over,
})

describe('previewQuantities', () => {
  it('takes 1, each minimum, one quantity between neighbours and twice the largest', () => {
    expect(
      previewQuantities([tier({ minQuantity: 1 }), tier({ minQuantity: 10 }), tier({ minQuantity: 50 })]),
    ).toEqual([1, 5, 10, 30, 50, 100])
  })

  it('starts at 1 even when no tier does, and stays short with many tiers', () => {
    expect(previewQuantities([tier({ minQuantity: 6 })])).toEqual([1, 3, 6, 12])
    const many = Array.from({ length: 12 }, (_, i) => tier({ minQuantity: (i + 1) * 10 }))
    const quantities = previewQuantities(many)
    expect(quantities.length).toBeLessThanOrEqual(10)
    expect(quantities[0]).toBe(1)
    expect(quantities).toContain(10)
  })
})

describe('applicableTier', () => {
  it('is the valid tier with the highest minimum at or below the quantity', () => {
    const tiers = [tier({ minQuantity: 1 }), tier({ minQuantity: 10, unitPrice: 900 })]
    expect(applicableTier(tiers, 9, NOW)?.minQuantity).toBe(1)
    expect(applicableTier(tiers, 10, NOW)?.minQuantity).toBe(10)
    expect(applicableTier([tier({ minQuantity: 5 })], 4, NOW)).toBeNull()
    expect(applicableTier([tier({ validFrom: TOMORROW })], 4, NOW)).toBeNull()
  })
})

describe('pricePreview', () => {
  const tiers = [
    tier({ minQuantity: 1, unitPrice: 1000, validTo: TOMORROW }),
    tier({ minQuantity: 10, unitPrice: 900 }),
    // Next season: the entry tier comes back discounted from tomorrow.
    tier({ minQuantity: 1, unitPrice: 1000, offerPrice: 800, validFrom: TOMORROW, validTo: NEXT_WEEK }),
  ]

  it('shows now and each scheduled change, per unit and in total', () => {
    const moments = pricePreview(tiers, NOW)
    expect(moments.map((m) => [m.at.toISOString(), m.now])).toEqual([
      [NOW.toISOString(), true],
      [TOMORROW.toISOString(), false],
      [NEXT_WEEK.toISOString(), false],
    ])
    const [today, tomorrow, nextWeek] = moments
    expect(today!.rows.map((r) => [r.quantity, r.unitPrice, r.total])).toEqual([
      [1, 1000, 1000],
      [5, 1000, 5000],
      [10, 900, 9000],
      [20, 900, 18000],
    ])
    // The discounted entry tier is cheaper than the 10+ tier would allow: the rules refuse that on
    // save; the preview still shows honestly what would be charged.
    expect(tomorrow!.rows[0]).toEqual({
      quantity: 1,
      tierMinQuantity: 1,
      unitPrice: 800,
      listUnitPrice: 1000,
      total: 800,
    })
    // From next week only the 10+ tier is left: below it nothing can be bought.
    expect(nextWeek!.rows[0]).toEqual({
      quantity: 1,
      tierMinQuantity: null,
      unitPrice: null,
      listUnitPrice: null,
      total: null,
    })
    expect(nextWeek!.rows[2]).toMatchObject({ quantity: 10, unitPrice: 900, total: 9000 })
  })

  it('ignores changes already past and keeps at most five moments', () => {
    const past = tier({
      validFrom: new Date('2026-10-01T00:00:00Z'),
      validTo: new Date('2026-10-05T00:00:00Z'),
    })
    expect(changeMoments([past], NOW)).toEqual([NOW])
    const weekly = Array.from({ length: 8 }, (_, i) =>
      tier({ validFrom: new Date(NOW.getTime() + (i + 1) * 7 * 86_400_000) }),
    )
    expect(changeMoments(weekly, NOW)).toHaveLength(5)
  })
})
