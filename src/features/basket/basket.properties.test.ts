import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { Cart } from './basket.types'
import { parseStoredCarts } from './local-basket'
import { addEvent, memoryStorage, offer, startBasket } from './testing/basket-harness'

/**
 * Spec §4 Totals as properties: whatever a guest does, every cart's totals are the sums the spec
 * defines, no cart is ever empty, and what is saved under 'cart' reads back as the same basket.
 */

const SKUS = ['A1', 'A2', 'A3', 'B1', 'B2', 'C1'] as const
const sellerOf = (sku: string) => sku.charCodeAt(0) - 64

type Command =
  | { kind: 'add'; sku: (typeof SKUS)[number]; quantity: number }
  | { kind: 'addMissing'; quantity: number }
  | { kind: 'remove'; pick: number }
  | { kind: 'update'; pick: number; quantity: number }
  | { kind: 'clear' }

const command: fc.Arbitrary<Command> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('add' as const),
      sku: fc.constantFrom(...SKUS),
      quantity: fc.integer({ min: 1, max: 60 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('addMissing' as const),
      quantity: fc.integer({ min: 1, max: 5 }),
    }),
  },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('remove' as const), pick: fc.nat() }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('update' as const),
      pick: fc.nat(),
      // Mostly valid quantities, sometimes ones the basket must ignore.
      quantity: fc.oneof(fc.integer({ min: 1, max: 200 }), fc.constantFrom(0, -1, 2.5, 100_001)),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'clear' as const }) },
)

/** Prices per sku for one run: unit price, and an offer price below it or 0. */
const priceList = fc.tuple(
  ...SKUS.map(() =>
    fc.integer({ min: 1, max: 5_000_000 }).chain((unit) =>
      fc.record({
        unitPrice: fc.constant(unit),
        offerPrice: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: unit - 1 })),
      }),
    ),
  ),
)

function checkInvariants(
  carts: readonly Cart[],
  priced: (sku: string) => { unitPrice: number; offerPrice: number },
) {
  for (const cart of carts) {
    expect(cart.items.length).toBeGreaterThan(0)
    expect(cart.itemsCount).toBe(cart.items.length)
    expect(cart.totalAmount).toBe(cart.items.reduce((s, i) => s + i.unitPrice * i.quantity, 0))
    expect(cart.totalEffectiveAmount).toBe(cart.items.reduce((s, i) => s + i.effectiveAmount * i.quantity, 0))
    expect(new Set(cart.items.map((i) => i.sku)).size).toBe(cart.items.length)
    for (const item of cart.items) {
      expect(item.cartId).toBe(cart.id)
      expect(sellerOf(item.sku)).toBe(cart.sellerId)
      const { unitPrice, offerPrice } = priced(item.sku)
      expect(item.effectiveAmount).toBe(offerPrice !== 0 ? offerPrice : unitPrice)
      expect(item.hasDiscount).toBe(offerPrice !== 0)
    }
  }
  expect(new Set(carts.map((c) => c.sellerId)).size).toBe(carts.length)
}

describe('guest basket properties', () => {
  it('keeps totals, non-empty carts and a round-tripping local storage through any sequence of changes', () => {
    fc.assert(
      fc.property(priceList, fc.array(command, { maxLength: 40 }), (prices, commands) => {
        const storage = memoryStorage()
        const basket = startBasket({ storage })
        basket.actor.send({ type: 'START', user: null })
        const model = new Map<string, number>()
        const priced = (sku: string) => prices[SKUS.indexOf(sku as (typeof SKUS)[number])]!
        for (const c of commands) {
          const items = basket.carts().flatMap((cart) => cart.items)
          if (c.kind === 'add') {
            basket.actor.send(addEvent(c.sku, sellerOf(c.sku), c.quantity, { offer: priced(c.sku) }))
            model.set(c.sku, (model.get(c.sku) ?? 0) + c.quantity)
          } else if (c.kind === 'addMissing') {
            basket.actor.send(addEvent('Z9', 9, c.quantity, { offers: [offer('A1', 1)] }))
          } else if (c.kind === 'remove' && items.length) {
            const item = items[c.pick % items.length]!
            basket.actor.send({ type: 'REMOVE', itemId: item.id })
            model.delete(item.sku)
          } else if (c.kind === 'update' && items.length) {
            const item = items[c.pick % items.length]!
            basket.actor.send({ type: 'UPDATE_QUANTITY', itemId: item.id, quantity: c.quantity })
            if (Number.isInteger(c.quantity) && c.quantity >= 1 && c.quantity <= 100_000)
              model.set(item.sku, c.quantity)
          } else if (c.kind === 'clear') {
            basket.actor.send({ type: 'CLEAR' })
            model.clear()
          }
          const carts = basket.carts()
          checkInvariants(carts, priced)
          const quantities = Object.fromEntries(
            carts.flatMap((cart) => cart.items.map((i) => [i.sku, i.quantity])),
          )
          expect(quantities).toEqual(Object.fromEntries(model))
          expect(parseStoredCarts(storage.raw())).toEqual(carts)
        }
        // A fresh start (a reload of the page) restores exactly this basket.
        const restored = startBasket({ storage: memoryStorage(storage.raw()) })
        restored.actor.send({ type: 'START', user: null })
        expect(restored.carts()).toEqual(basket.carts())
      }),
      { numRuns: 150 },
    )
  })

  it('reads back any basket it saved', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom(...SKUS), fc.integer({ min: 1, max: 100_000 })), { maxLength: 12 }),
        (adds) => {
          const basket = startBasket()
          basket.actor.send({ type: 'START', user: null })
          for (const [sku, quantity] of adds) basket.actor.send(addEvent(sku, sellerOf(sku), quantity))
          expect(parseStoredCarts(JSON.parse(JSON.stringify(basket.carts())))).toEqual(basket.carts())
        },
      ),
    )
  })
})
