import { describe, expect, it } from 'vitest'
import { addedMessage, cheapestBuyableOffer, isOutOfStock, type BasketOfferInput } from './add-to-basket'

const offer = (sku: string, price: number, remaining: number, moq = 10, always = false) => ({
  sku,
  storeName: `Store ${sku}`,
  sellerId: price,
  sellerName: `Seller ${sku}`,
  unitPrice: price,
  offerPrice: 0,
  pricePerPiece: price,
  alwaysAvailable: always,
  remainingQuantity: remaining,
  minQuantity: moq,
})

describe('adding from a card or a product page (issue #22)', () => {
  it('an offer with nothing left is out of stock unless always available', () => {
    expect(isOutOfStock(offer('a', 100, 0))).toBe(true)
    expect(isOutOfStock(offer('a', 100, 0, 10, true))).toBe(false)
    expect(isOutOfStock(offer('a', 100, 3))).toBe(false)
  })

  it('a card picks the cheapest offer that covers its minimum, then any in stock, never an empty one', () => {
    const empty = offer('empty', 50, 0)
    const short = offer('short', 60, 5)
    const full = offer('full', 80, 100)
    expect(cheapestBuyableOffer([full, empty, short])?.sku).toBe('full')
    expect(cheapestBuyableOffer([empty, short])?.sku).toBe('short')
    expect(cheapestBuyableOffer([empty])).toBeUndefined()
  })

  it('the toast names the seller, says when it was the cheapest, and shows MOQ and stock', () => {
    const input: BasketOfferInput = {
      ...offer('x', 100, 340, 12),
      quantity: 12,
      product: { id: 1, name: 'Rice', slug: 'rice', image: null, inStock: true, brand: null },
    }
    expect(addedMessage(input, { cheapestOf: 3 })).toEqual({
      title: 'Added 12 × Rice from Seller x (Store x), the cheapest of 3 sellers',
      description: 'Minimum order 12 · 340 in stock',
    })
    expect(addedMessage({ ...input, alwaysAvailable: true }).title).toBe(
      'Added 12 × Rice from Seller x (Store x)',
    )
    expect(addedMessage({ ...input, alwaysAvailable: true }).description).toBe(
      'Minimum order 12 · always available',
    )
  })
})
