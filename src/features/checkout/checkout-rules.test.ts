import { describe, expect, it } from 'vitest'
import { lineProblem, type LineFacts } from './checkout-rules'

const line = (facts: Partial<LineFacts>): LineFacts => ({
  onOffer: true,
  quantity: 10,
  entryMinQuantity: 5,
  alwaysAvailable: false,
  remainingQuantity: 100,
  ...facts,
})

describe('checkout line rules', () => {
  it('passes a line within minimum and stock', () => {
    expect(lineProblem(line({}))).toBeNull()
    expect(lineProblem(line({ quantity: 5, remainingQuantity: 5 }))).toBeNull()
  })

  it('offers to remove a line that is no longer on offer, before anything else', () => {
    expect(lineProblem(line({ onOffer: false, quantity: 1, remainingQuantity: 0 }))).toEqual({
      kind: 'unavailable',
      message: 'This product is no longer available: remove it to continue.',
      action: { kind: 'remove', label: 'Remove' },
    })
  })

  it('offers to raise a line below the minimum to the minimum', () => {
    expect(lineProblem(line({ quantity: 3 }))).toMatchObject({
      kind: 'below_minimum',
      message: 'The minimum order is 5 units: raise the quantity to 5.',
      action: { kind: 'set_quantity', quantity: 5, label: 'Raise to 5' },
    })
  })

  it('offers to lower a line above the stock to the stock', () => {
    expect(lineProblem(line({ quantity: 12, remainingQuantity: 8 }))).toMatchObject({
      kind: 'over_stock',
      message: 'Only 8 left in stock: lower the quantity to 8.',
      action: { kind: 'set_quantity', quantity: 8, label: 'Lower to 8' },
    })
  })

  it('offers removal when the stock cannot meet the minimum', () => {
    expect(lineProblem(line({ quantity: 10, remainingQuantity: 3 }))).toMatchObject({
      message: 'Only 3 left, fewer than the minimum order of 5 units: remove it to continue.',
      action: { kind: 'remove' },
    })
    expect(lineProblem(line({ quantity: 2, remainingQuantity: 3 }))).toMatchObject({
      action: { kind: 'remove' },
    })
  })

  it('offers removal when out of stock', () => {
    expect(lineProblem(line({ remainingQuantity: 0 }))).toMatchObject({
      kind: 'out_of_stock',
      message: 'Out of stock: remove it to continue.',
    })
  })

  it('ignores stock for an always-available SKU', () => {
    expect(lineProblem(line({ alwaysAvailable: true, remainingQuantity: 0, quantity: 50_000 }))).toBeNull()
    expect(lineProblem(line({ alwaysAvailable: true, remainingQuantity: 0, quantity: 1 }))).toMatchObject({
      action: { kind: 'set_quantity', quantity: 5 },
    })
  })
})
