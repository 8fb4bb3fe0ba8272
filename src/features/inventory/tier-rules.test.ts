import { describe, expect, it } from 'vitest'
import { checkTierSet, tierState, type TierForRules } from './tier-rules'

const day = (d: number) => new Date(Date.UTC(2026, 11, d))
const tier = (over: Partial<TierForRules>): TierForRules => ({
  minQuantity: 1,
  unitPrice: 100_000,
  offerPrice: 0,
  validFrom: day(1),
  validTo: null,
  ...over,
})

describe('tier rules', () => {
  it('accepts a falling price ladder', () => {
    expect(
      checkTierSet([
        tier({}),
        tier({ minQuantity: 10, unitPrice: 90_000 }),
        tier({ minQuantity: 50, unitPrice: 95_000, offerPrice: 80_000 }),
      ]),
    ).toEqual([])
  })

  it('names each broken rule on its field', () => {
    expect(checkTierSet([tier({ unitPrice: 0 })])).toEqual([
      { index: 0, field: 'unitPrice', message: 'Unit price must be more than 0' },
    ])
    expect(checkTierSet([tier({ unitPrice: 90_000, offerPrice: 95_000 })])).toEqual([
      { index: 0, field: 'offerPrice', message: 'Offer price 95,000 is not below unit price 90,000' },
    ])
    expect(checkTierSet([tier({ validFrom: day(5), validTo: day(5) })])[0]).toMatchObject({
      field: 'validTo',
    })
    expect(checkTierSet([tier({}), tier({ unitPrice: 80_000 })])).toEqual([
      {
        index: 1,
        field: 'minQuantity',
        message: 'Minimum quantity 1 is already used by tier 1 valid at the same time',
      },
    ])
    expect(checkTierSet([tier({}), tier({ minQuantity: 10, unitPrice: 120_000 })])).toEqual([
      {
        index: 1,
        field: 'unitPrice',
        message:
          '120,000 per unit from 10 units is dearer than 100,000 from 1 units (tier 1 valid at the same time)',
      },
    ])
  })

  it('compares only tiers valid at the same moment, including those already stored', () => {
    const december = tier({ validTo: day(31) })
    const january = tier({ validFrom: day(31), unitPrice: 150_000 })
    expect(checkTierSet([january], [december])).toEqual([])
    expect(
      checkTierSet([tier({ minQuantity: 10, unitPrice: 150_000, validFrom: day(20) })], [december])[0],
    ).toMatchObject({
      index: 0,
      field: 'unitPrice',
    })
  })

  it('tells scheduled, active and expired tiers apart', () => {
    const t = tier({ validFrom: day(10), validTo: day(20) })
    expect([day(9), day(10), day(19), day(20)].map((at) => tierState(t, at))).toEqual([
      'scheduled',
      'active',
      'active',
      'expired',
    ])
  })
})
