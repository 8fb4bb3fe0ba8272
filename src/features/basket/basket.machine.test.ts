import { describe, expect, it } from 'vitest'
import { addEvent, fakeServer, memoryStorage, offer, startBasket } from './testing/basket-harness'

/** Spec §4 Guest basket, Local add/remove/quantity update, Totals: the machine without React. */

const guest = () => {
  const basket = startBasket()
  basket.actor.send({ type: 'START', user: null })
  return basket
}

describe('guest basket: start', () => {
  it('starts empty and tracks no restore when local storage holds nothing', () => {
    const basket = guest()
    expect(basket.actor.getSnapshot().matches('guest')).toBe(true)
    expect(basket.carts()).toEqual([])
    expect(basket.tracked()).not.toContain('cart_restored')
  })

  it("restores the carts saved under 'cart' and tracks RESTORED", () => {
    const first = guest()
    first.actor.send(addEvent('A1', 1, 3))
    const saved = first.storage.raw()

    const again = startBasket({ storage: memoryStorage(saved) })
    again.actor.send({ type: 'START', user: null })
    expect(again.carts()).toEqual(first.carts())
    expect(again.tracked()).toEqual(['cart_restored'])
  })

  it('ignores whatever unreadable value is stored', () => {
    const basket = startBasket({ storage: memoryStorage({ not: 'a basket' }) })
    basket.actor.send({ type: 'START', user: null })
    expect(basket.carts()).toEqual([])
    expect(basket.tracked()).toEqual([])
  })

  it('applies adds made before the basket started once it knows it is a guest', () => {
    const basket = startBasket()
    const early = addEvent('A1', 1, 2)
    basket.actor.send(early)
    expect(basket.results()).toEqual({})
    basket.actor.send({ type: 'START', user: null })
    expect(basket.results()).toEqual({ [early.requestId]: true })
    expect(basket.carts()[0]!.items[0]!.quantity).toBe(2)
  })
})

describe('guest basket: local add', () => {
  it('creates the seller cart with an id of store name and seller id, a lastUpdated and a generated item id', () => {
    const basket = guest()
    const add = addEvent('A1', 7, 2)
    basket.actor.send(add)
    const [cart] = basket.carts()
    expect(cart).toMatchObject({
      id: 'Store 7-7',
      sellerId: 7,
      sellerName: 'Seller 7',
      lastUpdated: expect.any(Number),
    })
    expect(cart!.items).toEqual([
      expect.objectContaining({
        id: 'local-1',
        cartId: 'Store 7-7',
        sku: 'A1',
        storeName: 'Store 7',
        quantity: 2,
      }),
    ])
    expect(basket.results()).toEqual({ [add.requestId]: true })
    expect(basket.tracked()).toContain('cart_item_added')
  })

  it("fails (returns false) when the sku's offer is not among the product's stores, and changes nothing", () => {
    const basket = guest()
    const add = addEvent('A1', 1, 2, { offers: [offer('OTHER', 1)] })
    basket.actor.send(add)
    expect(basket.results()).toEqual({ [add.requestId]: false })
    expect(basket.carts()).toEqual([])
    expect(basket.storage.raw()).toBeNull()
    expect(basket.tracked()).toEqual([])
  })

  it('finds the offer for the sku among several stores of the product', () => {
    const basket = guest()
    basket.actor.send(
      addEvent('B2', 2, 1, { offers: [offer('A1', 1), offer('B2', 2, { unitPrice: 4_000 })] }),
    )
    expect(basket.carts()).toMatchObject([{ sellerId: 2, items: [{ sku: 'B2', unitPrice: 4_000 }] }])
  })

  it('increases the quantity of a sku already in the basket instead of adding a second item', () => {
    const basket = guest()
    basket.actor.send(addEvent('A1', 1, 2))
    basket.actor.send(addEvent('A1', 1, 5))
    const [cart] = basket.carts()
    expect(cart!.items).toHaveLength(1)
    expect(cart!.items[0]).toMatchObject({ id: 'local-1', quantity: 7 })
  })

  it("puts a seller's second sku in the same cart and another seller's in its own", () => {
    const basket = guest()
    basket.actor.send(addEvent('A1', 1))
    basket.actor.send(addEvent('A2', 1, 1, { offer: { storeName: 'Second store' } }))
    basket.actor.send(addEvent('B1', 2))
    expect(basket.carts().map((c) => [c.sellerId, c.items.map((i) => i.sku)])).toEqual([
      [1, ['A1', 'A2']],
      [2, ['B1']],
    ])
  })

  it('uses the offer price as the effective amount when set, else the unit price', () => {
    const basket = guest()
    basket.actor.send(addEvent('A1', 1, 1, { offer: { unitPrice: 1_000, offerPrice: 800 } }))
    basket.actor.send(addEvent('A2', 1, 1, { offer: { unitPrice: 1_000, offerPrice: 0 } }))
    const [discounted, plain] = basket.carts()[0]!.items
    expect(discounted).toMatchObject({ effectiveAmount: 800, hasDiscount: true })
    expect(plain).toMatchObject({ effectiveAmount: 1_000, hasDiscount: false })
  })

  it('recomputes the totals and tracks them after the add', () => {
    const basket = guest()
    basket.actor.send(addEvent('A1', 1, 3, { offer: { unitPrice: 1_000, offerPrice: 900 } }))
    basket.actor.send(addEvent('A2', 1, 2, { offer: { unitPrice: 500 } }))
    expect(basket.carts()[0]).toMatchObject({
      itemsCount: 2,
      totalAmount: 4_000,
      totalEffectiveAmount: 3_700,
    })
    expect(basket.tracked().filter((n) => n === 'cart_totals_recalculated')).toHaveLength(2)
  })

  it("saves the carts under 'cart' after each change", () => {
    const basket = guest()
    basket.actor.send(addEvent('A1', 1, 3))
    expect(basket.storage.raw()).toEqual(basket.carts())
  })

  it('tracks a quantity alert when the quantity is below the minimum (but still adds: checkout decides)', () => {
    const basket = guest()
    const add = addEvent('A1', 1, 2, { offer: { minQuantity: 10 } })
    basket.actor.send(add)
    expect(basket.results()).toEqual({ [add.requestId]: true })
    expect(basket.emitted).toContainEqual({
      type: 'track',
      name: 'cart_alert_quantity',
      props: { sku: 'A1', issue: 'below_minimum' },
    })
  })
})

describe('guest basket: local remove, quantity update and clear', () => {
  const twoSellers = () => {
    const basket = guest()
    basket.actor.send(addEvent('A1', 1, 2))
    basket.actor.send(addEvent('A2', 1, 1))
    basket.actor.send(addEvent('B1', 2, 4))
    basket.emitted.length = 0
    return basket
  }
  const idOf = (basket: ReturnType<typeof guest>, sku: string) =>
    basket
      .carts()
      .flatMap((c) => c.items)
      .find((i) => i.sku === sku)!.id

  it('removes the item and recomputes the cart totals', () => {
    const basket = twoSellers()
    basket.actor.send({ type: 'REMOVE', itemId: idOf(basket, 'A1') })
    expect(basket.carts()[0]).toMatchObject({ itemsCount: 1, totalAmount: 1_000, items: [{ sku: 'A2' }] })
    expect(basket.tracked()).toEqual(['cart_item_removed', 'cart_totals_recalculated'])
  })

  it("removes a seller's cart with its last item and tracks STORE_EMPTIED", () => {
    const basket = twoSellers()
    basket.actor.send({ type: 'REMOVE', itemId: idOf(basket, 'B1') })
    expect(basket.carts().map((c) => c.sellerId)).toEqual([1])
    expect(basket.tracked()).toEqual(['cart_item_removed', 'cart_store_emptied', 'cart_totals_recalculated'])
    expect(basket.storage.raw()).toEqual(basket.carts())
  })

  it('sets a quantity and tracks an increase', () => {
    const basket = twoSellers()
    basket.actor.send({ type: 'UPDATE_QUANTITY', itemId: idOf(basket, 'A1'), quantity: 6 })
    expect(basket.carts()[0]).toMatchObject({ totalAmount: 7_000, items: [{ quantity: 6 }, { quantity: 1 }] })
    expect(basket.tracked()).toEqual([
      'cart_item_updated',
      'cart_qty_incremented',
      'cart_totals_recalculated',
    ])
  })

  it('tracks a decrease', () => {
    const basket = twoSellers()
    basket.actor.send({ type: 'UPDATE_QUANTITY', itemId: idOf(basket, 'B1'), quantity: 1 })
    expect(basket.tracked()).toEqual([
      'cart_item_updated',
      'cart_qty_decremented',
      'cart_totals_recalculated',
    ])
  })

  it.each([0, -2, 1.5, 100_001])('ignores the quantity %s', (quantity) => {
    const basket = twoSellers()
    const before = basket.carts()
    basket.actor.send({ type: 'UPDATE_QUANTITY', itemId: idOf(basket, 'A1'), quantity })
    expect(basket.carts()).toBe(before)
    expect(basket.tracked()).toEqual([])
  })

  it('clears every cart and the stored basket, tracking CART_CLEARED', () => {
    const basket = twoSellers()
    basket.actor.send({ type: 'CLEAR' })
    expect(basket.carts()).toEqual([])
    expect(basket.storage.raw()).toBeNull()
    expect(basket.tracked()).toEqual(['cart_cleared', 'cart_totals_recalculated'])
  })

  it('picks up a change another tab saved when asked to reload', () => {
    const basket = twoSellers()
    const other = startBasket({ storage: basket.storage })
    other.actor.send({ type: 'START', user: null })
    other.actor.send({ type: 'REMOVE', itemId: idOf(basket, 'B1') })
    basket.actor.send({ type: 'RELOAD' })
    expect(basket.carts()).toEqual(other.carts())
  })
})

describe('signed-in basket: start', () => {
  it('loads the server basket instead of the local one', async () => {
    const server = fakeServer({ S1: { sellerId: 3, unitPrice: 2_000 } })
    server.add('S1', 2)
    const basket = startBasket({ server })
    basket.actor.send({ type: 'START', user: { id: 1 } })
    await basket.settled()
    expect(basket.carts()).toMatchObject([
      { id: 'c3', sellerId: 3, totalAmount: 4_000, items: [{ sku: 'S1', quantity: 2 }] },
    ])
    expect(server.callsTo('fillBasket')).toEqual([])
    expect(basket.tracked()).not.toContain('cart_restored')
  })

  it('keeps the basket and flags the failure when the load fails, and loads again on RELOAD', async () => {
    const server = fakeServer()
    server.add('S1', 1)
    server.state.failing.add('loadBasket')
    const basket = startBasket({ server })
    basket.actor.send({ type: 'START', user: { id: 1 } })
    await basket.settled()
    expect(basket.actor.getSnapshot().context).toMatchObject({ loadFailed: true, carts: [] })

    server.state.failing.clear()
    basket.actor.send({ type: 'RELOAD' })
    await basket.settled()
    expect(basket.actor.getSnapshot().context.loadFailed).toBe(false)
    expect(basket.carts()).toHaveLength(1)
  })
})
