import { describe, expect, it } from 'vitest'
import { fillKeyOf } from './local-basket'
import { addEvent, fakeServer, memoryStorage, startBasket } from './testing/basket-harness'

/** Spec §4 Signed-in basket, Fill basket and §8 basket call failures: the machine without React. */

async function signedIn(setUp: (server: ReturnType<typeof fakeServer>) => void = () => {}) {
  const server = fakeServer({
    A1: { sellerId: 1, unitPrice: 1_000 },
    A2: { sellerId: 1, unitPrice: 500 },
    B1: { sellerId: 2, unitPrice: 3_000, offerPrice: 2_500 },
  })
  setUp(server)
  const basket = startBasket({ server })
  basket.actor.send({ type: 'START', user: { id: 1 } })
  await basket.settled()
  basket.emitted.length = 0
  server.state.calls.length = 0
  return { ...basket, server }
}

const itemId = (basket: Awaited<ReturnType<typeof signedIn>>, sku: string) =>
  basket
    .carts()
    .flatMap((c) => c.items)
    .find((i) => i.sku === sku)!.id

describe('signed-in basket: every change goes to the server, then the basket is reloaded', () => {
  it('adds on the server, reloads, and answers true', async () => {
    const basket = await signedIn()
    const add = addEvent('A1', 1, 3)
    basket.actor.send(add)
    await basket.settled()
    expect(basket.server.state.calls.map((c) => c.name)).toEqual(['addItem', 'loadBasket'])
    expect(basket.server.callsTo('addItem')[0]!.input).toEqual({ sku: 'A1', quantity: 3 })
    expect(basket.carts()).toMatchObject([{ sellerId: 1, items: [{ sku: 'A1', quantity: 3 }] }])
    expect(basket.results()).toEqual({ [add.requestId]: true })
    expect(basket.tracked()).toContain('cart_item_added')
  })

  it('leaves the basket as it was when the add fails: no reload, no event, the add answers false', async () => {
    const basket = await signedIn((s) => s.add('A1', 1))
    const before = basket.carts()
    basket.server.state.failing.add('addItem')
    const add = addEvent('A2', 1, 1)
    basket.actor.send(add)
    await basket.settled()
    expect(basket.carts()).toBe(before)
    expect(basket.server.state.calls.map((c) => c.name)).toEqual(['addItem'])
    expect(basket.results()).toEqual({ [add.requestId]: false })
    expect(basket.tracked()).toEqual([])
  })

  it('removes on the server and reloads; the last item of a seller takes the cart with it', async () => {
    const basket = await signedIn((s) => {
      s.add('A1', 1)
      s.add('B1', 2)
    })
    basket.actor.send({ type: 'REMOVE', itemId: itemId(basket, 'B1') })
    await basket.settled()
    expect(basket.server.state.calls.map((c) => c.name)).toEqual(['removeItem', 'loadBasket'])
    expect(basket.carts().map((c) => c.sellerId)).toEqual([1])
    expect(basket.tracked()).toEqual(['cart_item_removed', 'cart_store_emptied'])
  })

  it('keeps the item when the removal fails', async () => {
    const basket = await signedIn((s) => s.add('A1', 1))
    const before = basket.carts()
    basket.server.state.failing.add('removeItem')
    basket.actor.send({ type: 'REMOVE', itemId: itemId(basket, 'A1') })
    await basket.settled()
    expect(basket.carts()).toBe(before)
  })

  it('updates a quantity on the server, reloads and tracks the increase', async () => {
    const basket = await signedIn((s) => s.add('A1', 2))
    basket.actor.send({ type: 'UPDATE_QUANTITY', itemId: itemId(basket, 'A1'), quantity: 5 })
    await basket.settled()
    expect(basket.server.callsTo('updateQuantity')[0]!.input).toEqual({
      itemId: itemId(basket, 'A1'),
      quantity: 5,
    })
    expect(basket.carts()[0]!.items[0]!.quantity).toBe(5)
    expect(basket.tracked()).toEqual(['cart_item_updated', 'cart_qty_incremented'])
  })

  it('keeps the quantity when the update fails', async () => {
    const basket = await signedIn((s) => s.add('A1', 2))
    basket.server.state.failing.add('updateQuantity')
    basket.actor.send({ type: 'UPDATE_QUANTITY', itemId: itemId(basket, 'A1'), quantity: 5 })
    await basket.settled()
    expect(basket.carts()[0]!.items[0]!.quantity).toBe(2)
  })

  it('runs quick successive changes one after another, each followed by a reload', async () => {
    const basket = await signedIn()
    const first = addEvent('A1', 1, 1)
    const second = addEvent('B1', 2, 2)
    basket.actor.send(first)
    basket.actor.send(second)
    await basket.settled()
    expect(basket.server.state.calls.map((c) => c.name)).toEqual([
      'addItem',
      'loadBasket',
      'addItem',
      'loadBasket',
    ])
    expect(basket.results()).toEqual({ [first.requestId]: true, [second.requestId]: true })
    expect(basket.carts()).toHaveLength(2)
  })

  it('clears the whole basket on the server', async () => {
    const basket = await signedIn((s) => {
      s.add('A1', 1)
      s.add('B1', 1)
    })
    basket.actor.send({ type: 'CLEAR' })
    await basket.settled()
    expect(basket.carts()).toEqual([])
    expect(basket.tracked()).toEqual(['cart_cleared'])
  })
})

describe('signed-in basket: what a reload reveals', () => {
  it('notices a price change it did not cause and tracks it', async () => {
    const basket = await signedIn((s) => s.add('B1', 2))
    basket.server.state.prices.B1 = { sellerId: 2, unitPrice: 3_200, offerPrice: 2_700 }
    basket.actor.send({ type: 'RELOAD' })
    await basket.settled()
    expect(basket.actor.getSnapshot().context.notices).toMatchObject([
      { kind: 'price_changed', sku: 'B1', from: 2_500, to: 2_700, sellerName: 'Seller 2' },
    ])
    expect(basket.tracked()).toEqual(['cart_alert_effective_price', 'cart_price_changed'])
  })

  it('does not call a new tier after its own quantity change a surprise', async () => {
    const basket = await signedIn((s) => s.add('A1', 2))
    basket.actor.send({ type: 'UPDATE_QUANTITY', itemId: itemId(basket, 'A1'), quantity: 9 })
    basket.server.state.prices.A1 = { sellerId: 1, unitPrice: 900 }
    await basket.settled()
    expect(basket.actor.getSnapshot().context.notices).toEqual([])
  })

  it('notices an item that became unavailable, and one deleted elsewhere, but not its own removal', async () => {
    const basket = await signedIn((s) => {
      s.add('A1', 1)
      s.add('A2', 1)
      s.add('B1', 1)
    })
    basket.server.state.unavailable.add('A2')
    basket.server.state.items.splice(
      basket.server.state.items.findIndex((i) => i.sku === 'B1'),
      1,
    )
    basket.actor.send({ type: 'REMOVE', itemId: itemId(basket, 'A1') })
    await basket.settled()
    const notices = basket.actor.getSnapshot().context.notices
    expect(notices.map((n) => [n.kind, n.sku])).toEqual([
      ['unavailable', 'A2'],
      ['deleted', 'B1'],
    ])
    expect(basket.tracked()).toEqual(
      expect.arrayContaining(['cart_item_unavailable', 'cart_alert_item_deleted']),
    )

    basket.actor.send({ type: 'DISMISS_NOTICE', id: notices[0]!.id })
    expect(basket.actor.getSnapshot().context.notices.map((n) => n.kind)).toEqual(['deleted'])
  })
})

describe('sign-in: merging the guest basket', () => {
  async function guestWithItems() {
    const server = fakeServer({
      A1: { sellerId: 1, unitPrice: 1_000 },
      B1: { sellerId: 2, unitPrice: 3_000 },
    })
    server.add('A1', 4) // the basket the account already had
    const basket = startBasket({ server })
    basket.actor.send({ type: 'START', user: null })
    basket.actor.send(addEvent('A1', 1, 2))
    basket.actor.send(addEvent('B1', 2, 1))
    return basket
  }

  it('sends the local items to fill, tracks MERGED, clears the local basket and shows the server one', async () => {
    const basket = await guestWithItems()
    const key = fillKeyOf(basket.carts())
    basket.actor.send({ type: 'SIGNED_IN', user: { id: 1 } })
    await basket.settled()
    expect(basket.server.callsTo('fillBasket').map((c) => c.input)).toEqual([
      {
        items: [
          { sku: 'A1', quantity: 2 },
          { sku: 'B1', quantity: 1 },
        ],
        key,
      },
    ])
    expect(basket.tracked()).toContain('cart_merged')
    expect(basket.storage.raw()).toBeNull()
    expect(basket.actor.getSnapshot().matches({ server: 'idle' })).toBe(true)
    expect(basket.carts().flatMap((c) => c.items.map((i) => [i.sku, i.quantity]))).toEqual([
      ['A1', 6],
      ['B1', 1],
    ])
  })

  it('keeps the local basket when the fill fails, and tries again with the same key on the next sign-in', async () => {
    const basket = await guestWithItems()
    const local = basket.carts()
    basket.server.state.failing.add('fillBasket')
    basket.actor.send({ type: 'SIGNED_IN', user: { id: 1 } })
    await basket.settled()
    expect(basket.actor.getSnapshot().matches('guest')).toBe(true)
    expect(basket.carts()).toEqual(local)
    expect(basket.storage.raw()).toEqual(local)
    expect(basket.tracked()).not.toContain('cart_merged')

    basket.server.state.failing.clear()
    basket.actor.send({ type: 'SIGNED_IN', user: { id: 1 } })
    await basket.settled()
    const keys = basket.server.callsTo('fillBasket').map((c) => (c.input as { key: string }).key)
    expect(keys).toHaveLength(2)
    expect(keys[1]).toBe(keys[0])
    expect(basket.storage.raw()).toBeNull()
  })

  it('merges leftovers of a failed merge when the app starts signed in', async () => {
    const storage = memoryStorage()
    const first = startBasket({ storage })
    first.actor.send({ type: 'START', user: null })
    first.actor.send(addEvent('A1', 1, 2))
    const basket = startBasket({ storage })
    basket.actor.send({ type: 'START', user: { id: 1 } })
    await basket.settled()
    expect(basket.server.callsTo('fillBasket')).toHaveLength(1)
    expect(basket.carts()).toMatchObject([{ items: [{ sku: 'A1', quantity: 2 }] }])
  })

  it('goes straight to the server basket when there is nothing local to merge', async () => {
    const basket = startBasket()
    basket.actor.send({ type: 'START', user: null })
    basket.actor.send({ type: 'SIGNED_IN', user: { id: 1 } })
    await basket.settled()
    expect(basket.server.callsTo('fillBasket')).toEqual([])
    expect(basket.actor.getSnapshot().matches({ server: 'idle' })).toBe(true)
  })

  it('sends an add made during the merge to the server once the merge is done', async () => {
    const basket = await guestWithItems()
    basket.actor.send({ type: 'SIGNED_IN', user: { id: 1 } })
    const during = addEvent('B1', 2, 5)
    basket.actor.send(during)
    await basket.settled()
    expect(basket.results()[during.requestId]).toBe(true)
    expect(
      basket
        .carts()
        .flatMap((c) => c.items)
        .find((i) => i.sku === 'B1')!.quantity,
    ).toBe(6)
  })
})

describe('sign-out', () => {
  it('goes back to an empty guest basket', async () => {
    const basket = await signedIn((s) => s.add('A1', 1))
    basket.actor.send({ type: 'SIGNED_OUT' })
    expect(basket.actor.getSnapshot().matches('guest')).toBe(true)
    expect(basket.carts()).toEqual([])
    expect(basket.storage.raw()).toBeNull()
  })

  it('answers false to an add still waiting for the server', async () => {
    const basket = await signedIn()
    const add = addEvent('A1', 1, 1)
    basket.actor.send(add)
    basket.actor.send({ type: 'SIGNED_OUT' })
    expect(basket.results()).toEqual({ [add.requestId]: false })
  })

  it("does not touch a plain guest's basket (a guest has no session to end)", () => {
    const basket = startBasket()
    basket.actor.send({ type: 'START', user: null })
    basket.actor.send(addEvent('A1', 1, 1))
    basket.actor.send({ type: 'SIGNED_OUT' })
    expect(basket.carts()).toHaveLength(1)
  })
})
