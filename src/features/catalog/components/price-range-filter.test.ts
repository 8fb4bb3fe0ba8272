import { describe, expect, it } from 'vitest'
import { parseMoneyInput } from '~/ui/form/money-input'
import { priceRangeProblems } from './price-range-filter'

describe('the listing price filter', () => {
  it('accepts a range, one end alone, or nothing', () => {
    expect(priceRangeProblems(1_000, 250_000)).toEqual({})
    expect(priceRangeProblems(5_000, null)).toEqual({})
    expect(priceRangeProblems(null, 5_000)).toEqual({})
    expect(priceRangeProblems(null, null)).toEqual({})
    expect(priceRangeProblems(7_000, 7_000)).toEqual({})
  })

  it('puts a reversed range on the highest price', () => {
    expect(priceRangeProblems(9_000, 1_000)).toEqual({ max: 'The lowest price is above the highest' })
  })

  it('refuses an amount too large to be exact, on the end that holds it', () => {
    expect(priceRangeProblems(parseMoneyInput('99999999999999999999'), null)).toEqual({
      min: 'Must be a number',
    })
    expect(priceRangeProblems(1, parseMoneyInput('12345678901234567890'))).toEqual({
      max: 'Must be a number',
    })
  })
})
