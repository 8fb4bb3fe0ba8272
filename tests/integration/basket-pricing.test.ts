import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { applicableTier, priceLine, type Tier } from '~/features/basket/basket-pricing.server'

const tier = (minQuantity: number, unitPrice: number, offerPrice = 0): Tier => ({
  minQuantity,
  unitPrice,
  offerPrice,
  pricePerPiece: unitPrice,
  validFrom: '2026-01-01T00:00:00.000Z',
  validTo: null,
})

describe('the applicable tier (DOMAIN.md: highest minimum quantity not above the quantity)', () => {
  const tiers = [tier(10, 900), tier(1, 1_000), tier(50, 800)]

  it.each([
    [1, 1_000],
    [9, 1_000],
    [10, 900],
    [49, 900],
    [50, 800],
    [10_000, 800],
  ])('prices %i units at %i', (quantity, price) => {
    expect(applicableTier(tiers, quantity)?.unitPrice).toBe(price)
  })

  it('uses the entry tier below every minimum (the basket does not refuse; checkout does)', () => {
    expect(applicableTier([tier(5, 700), tier(20, 600)], 2)).toMatchObject({ minQuantity: 5, unitPrice: 700 })
  })

  it('takes the cheaper of two tiers with the same minimum', () => {
    expect(applicableTier([tier(1, 1_000), tier(1, 1_200, 950)], 3)).toMatchObject({ offerPrice: 950 })
  })

  it('gives no price when there is no valid tier', () => {
    expect(priceLine([], 3)).toBeNull()
  })

  it('prices a discounted tier at its offer price', () => {
    expect(priceLine([tier(1, 1_000, 850)], 1)).toMatchObject({
      effectiveAmount: 850,
      hasDiscount: true,
      unitPrice: 1_000,
    })
  })

  it('never applies a tier whose minimum is above the quantity when one at or below exists', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 1, max: 100 }), fc.integer({ min: 1, max: 10_000 })), {
          minLength: 1,
          maxLength: 6,
        }),
        fc.integer({ min: 1, max: 150 }),
        (raw, quantity) => {
          const list = raw.map(([min, price]) => tier(min, price))
          const chosen = applicableTier(list, quantity)!
          const eligible = list.filter((t) => t.minQuantity <= quantity)
          if (eligible.length) {
            expect(chosen.minQuantity).toBe(Math.max(...eligible.map((t) => t.minQuantity)))
          } else {
            expect(chosen.minQuantity).toBe(Math.min(...list.map((t) => t.minQuantity)))
          }
        },
      ),
    )
  })
})
