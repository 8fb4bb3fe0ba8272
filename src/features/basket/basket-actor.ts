import { createActor, fromPromise, waitFor, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import { track } from '~/features/analytics'
import { readJson, removeItem, writeJson } from '~/lib/storage'
import { storageKeys } from '~/lib/storage-keys'
import {
  addBasketItem,
  clearBasketItems,
  fillBasket,
  loadBasket,
  removeBasketItem,
  setBasketItemQuantity,
} from './basket-client'
import { basketMachine, type BasketDeps, type FillItems } from './basket.machine'
import type { AddRequest, Cart } from './basket.types'
import { isSettled } from './basket-status'
import { basketCount } from './local-basket'

/**
 * The one basket of this browser tab: the machine with the real calls, storage and analytics.
 * Plain functions (the add seam, app start, sign-in) and React (the provider) share it.
 */

export type BasketActor = ActorRefFrom<typeof basketMachine>
export type BasketSnapshot = SnapshotFrom<typeof basketMachine>

const browserMachine = basketMachine.provide({
  actors: {
    loadBasket: fromPromise<Cart[], void>(() => loadBasket()),
    addItem: fromPromise<unknown, { sku: string; quantity: number }>(({ input }) => addBasketItem(input)),
    removeItem: fromPromise<unknown, { itemId: string }>(({ input }) => removeBasketItem(input.itemId)),
    updateQuantity: fromPromise<unknown, { itemId: string; quantity: number }>(({ input }) =>
      setBasketItemQuantity(input.itemId, input.quantity),
    ),
    clearBasket: fromPromise<unknown, { itemIds: string[] }>(({ input }) => clearBasketItems(input.itemIds)),
    fillBasket: fromPromise<unknown, { items: FillItems; key: string }>(({ input }) =>
      fillBasket(input.items, input.key),
    ),
  },
})

function randomId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  // randomUUID needs a secure context; a plain-http LAN address still has getRandomValues.
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join(
    '',
  )
}

const browserDeps: BasketDeps = {
  storage: {
    read: () => readJson(storageKeys.cart, (value) => value),
    write: (carts) => writeJson(storageKeys.cart, carts),
    clear: () => removeItem(storageKeys.cart),
  },
  now: () => Date.now(),
  newId: randomId,
}

let browserActor: BasketActor | null = null

/** The tab's basket, created and started on first use. Browser only. */
export function browserBasket(): BasketActor {
  if (browserActor) return browserActor
  const actor = createActor(browserMachine, { input: browserDeps })
  actor.on('track', (event) => track(event.name, event.props))
  actor.start()
  browserActor = actor
  return actor
}

export { isSettled }

/** Waits until the basket is settled; a stuck network must not hold up app start or sign-in. */
export async function settledCount(actor: BasketActor, timeout = 15_000): Promise<number> {
  const snapshot = await waitFor(actor, isSettled, { timeout }).catch(() => actor.getSnapshot())
  return basketCount(snapshot.context.carts)
}

let requests = 0
/** Sends an add and resolves with its answer: true when added, false otherwise (spec §4, §8). */
export function requestAdd(actor: BasketActor, request: AddRequest, timeout = 30_000): Promise<boolean> {
  const requestId = `add-${++requests}-${Date.now()}`
  return new Promise((resolve) => {
    const timer = setTimeout(() => finish(false), timeout)
    const subscription = actor.on('addResult', (event) => {
      if (event.requestId === requestId) finish(event.ok)
    })
    function finish(ok: boolean) {
      clearTimeout(timer)
      subscription.unsubscribe()
      resolve(ok)
    }
    actor.send({ type: 'ADD', requestId, ...request })
  })
}
