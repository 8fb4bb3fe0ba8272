/**
 * Test support for the basket machine (no React, no network): an in-memory storage, a fake server
 * basket behind the machine's named actors, and the running actor with everything it emitted.
 * Used by the machine's unit and property tests only.
 */
import { createActor, fromPromise, waitFor } from 'xstate'
import { withTotals } from '../local-basket'
import { basketMachine } from '../basket.machine'
import type { BasketEmitted, BasketStorage, FillItems } from '../basket-machine.types'
import type { AddRequest, BasketItem, BasketOffer, BasketProduct, Cart } from '../basket.types'

export function memoryStorage(initial: unknown = null) {
  let value: string | null = initial === null ? null : JSON.stringify(initial)
  const storage: BasketStorage & { raw: () => unknown } = {
    read: () => (value === null ? null : (JSON.parse(value) as unknown)),
    write: (carts) => {
      value = JSON.stringify(carts)
    },
    clear: () => {
      value = null
    },
    raw: () => (value === null ? null : (JSON.parse(value) as unknown)),
  }
  return storage
}

export const product = (id: number, overrides: Partial<BasketProduct> = {}): BasketProduct => ({
  id,
  name: `Product ${id}`,
  slug: `product-${id}`,
  image: `/media/p${id}.svg`,
  inStock: true,
  brand: 'Golbarg',
  ...overrides,
})

export const offer = (sku: string, sellerId: number, overrides: Partial<BasketOffer> = {}): BasketOffer => ({
  sku,
  storeName: `Store ${sellerId}`,
  sellerId,
  sellerName: `Seller ${sellerId}`,
  unitPrice: 1_000,
  offerPrice: 0,
  pricePerPiece: 100,
  alwaysAvailable: false,
  remainingQuantity: 500,
  minQuantity: 1,
  ...overrides,
})

let requests = 0
/** An ADD event: the sku's offer is the product's only offer unless `offers` says otherwise. */
export function addEvent(
  sku: string,
  sellerId: number,
  quantity = 1,
  extra: { offer?: Partial<BasketOffer>; offers?: BasketOffer[]; productId?: number } = {},
): AddRequest & { type: 'ADD'; requestId: string } {
  return {
    type: 'ADD',
    requestId: `r${++requests}`,
    sku,
    quantity,
    product: product(extra.productId ?? Number(sku.replace(/\D/g, '') || 1)),
    offers: extra.offers ?? [offer(sku, sellerId, extra.offer)],
  }
}

/** A fake server basket: what the server actors read and change, and every call they received. */
export function fakeServer(
  prices: Record<string, { sellerId: number; unitPrice: number; offerPrice?: number }> = {},
) {
  let nextId = 100
  const items: { id: number; sku: string; quantity: number }[] = []
  const state = {
    items,
    prices,
    unavailable: new Set<string>(),
    calls: [] as { name: string; input: unknown }[],
    failing: new Set<string>(),
    fillKeys: new Set<string>(),
  }
  const record = (name: string, input: unknown) => {
    state.calls.push({ name, input })
    if (state.failing.has(name)) throw new Error(`${name} failed`)
  }
  const priceOf = (sku: string) => state.prices[sku] ?? { sellerId: 1, unitPrice: 1_000 }
  const toCarts = (): Cart[] => {
    const bySeller = new Map<number, BasketItem[]>()
    for (const row of state.items) {
      const p = priceOf(row.sku)
      const effective = p.offerPrice || p.unitPrice
      const item: BasketItem = {
        id: String(row.id),
        cartId: `c${p.sellerId}`,
        sku: row.sku,
        storeName: `Store ${p.sellerId}`,
        quantity: row.quantity,
        unitPrice: p.unitPrice,
        pricePerPiece: effective,
        minQuantity: 1,
        remainingQuantity: 1_000,
        alwaysAvailable: false,
        hasDiscount: Boolean(p.offerPrice),
        effectiveAmount: effective,
        effectiveUnitPrice: effective,
        validity: { validFrom: '2026-01-01T00:00:00.000Z', validTo: null },
        available: !state.unavailable.has(row.sku),
        product: product(row.id),
      }
      bySeller.set(p.sellerId, [...(bySeller.get(p.sellerId) ?? []), item])
    }
    return [...bySeller].map(([sellerId, list]) =>
      withTotals({
        id: `c${sellerId}`,
        sellerId,
        sellerName: `Seller ${sellerId}`,
        items: list,
        itemsCount: 0,
        totalAmount: 0,
        totalEffectiveAmount: 0,
      }),
    )
  }
  const add = (sku: string, quantity: number) => {
    const existing = state.items.find((i) => i.sku === sku)
    if (existing) existing.quantity += quantity
    else state.items.push({ id: nextId++, sku, quantity })
  }
  const actors = {
    loadBasket: fromPromise<Cart[], void>(async () => {
      record('loadBasket', undefined)
      return toCarts()
    }),
    addItem: fromPromise<unknown, { sku: string; quantity: number }>(async ({ input }) => {
      record('addItem', input)
      add(input.sku, input.quantity)
      return null
    }),
    removeItem: fromPromise<unknown, { itemId: string }>(async ({ input }) => {
      record('removeItem', input)
      const index = state.items.findIndex((i) => String(i.id) === input.itemId)
      if (index < 0) throw new Error('404')
      state.items.splice(index, 1)
      return null
    }),
    updateQuantity: fromPromise<unknown, { itemId: string; quantity: number }>(async ({ input }) => {
      record('updateQuantity', input)
      const item = state.items.find((i) => String(i.id) === input.itemId)
      if (!item) throw new Error('404')
      item.quantity = input.quantity
      return null
    }),
    clearBasket: fromPromise<unknown, { itemIds: string[] }>(async ({ input }) => {
      record('clearBasket', input)
      state.items.splice(0, state.items.length)
      return null
    }),
    fillBasket: fromPromise<unknown, { items: FillItems; key: string }>(async ({ input }) => {
      record('fillBasket', input)
      if (state.fillKeys.has(input.key)) return null
      state.fillKeys.add(input.key)
      for (const item of input.items) add(item.sku, item.quantity)
      return null
    }),
  }
  return {
    state,
    actors,
    add,
    toCarts,
    callsTo: (name: string) => state.calls.filter((c) => c.name === name),
  }
}

export function startBasket(
  options: { storage?: ReturnType<typeof memoryStorage>; server?: ReturnType<typeof fakeServer> } = {},
) {
  const storage = options.storage ?? memoryStorage()
  const server = options.server ?? fakeServer()
  let ids = 0
  let clock = Date.UTC(2026, 10, 1)
  const actor = createActor(basketMachine.provide({ actors: server.actors }), {
    input: { storage, now: () => (clock += 1_000), newId: () => `local-${++ids}` },
  })
  const emitted: BasketEmitted[] = []
  actor.on('*', (event) => emitted.push(event as BasketEmitted))
  actor.start()
  const tracked = () => emitted.flatMap((e) => (e.type === 'track' ? [e.name] : []))
  const results = () =>
    Object.fromEntries(emitted.flatMap((e) => (e.type === 'addResult' ? [[e.requestId, e.ok]] : [])))
  /** Waits until nothing is in flight: a guest, or the server basket idle with nothing queued. */
  const settled = () =>
    waitFor(
      actor,
      (s) => s.matches('guest') || (s.matches({ server: 'idle' }) && s.context.queue.length === 0),
      { timeout: 2_000 },
    )
  return {
    actor,
    storage,
    server,
    emitted,
    tracked,
    results,
    settled,
    carts: () => actor.getSnapshot().context.carts,
  }
}
