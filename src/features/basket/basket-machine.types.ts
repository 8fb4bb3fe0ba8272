import type { TrackEvent } from './basket-events'
import type { AddRequest, BasketNotice, Cart } from './basket.types'

/** The basket machine's context, events and dependencies (basket.machine.ts). */

export interface BasketStorage {
  read(): unknown
  write(carts: Cart[]): void
  clear(): void
}

export interface BasketDeps {
  storage: BasketStorage
  now: () => number
  newId: () => string
}

/** Work for the server, one at a time, each followed by a reload. */
export type BasketOp =
  | ({ kind: 'add'; requestId: string } & AddRequest)
  | { kind: 'remove'; itemId: string }
  | { kind: 'quantity'; itemId: string; quantity: number; previous: number }
  | { kind: 'clear'; itemIds: string[] }

export type BasketEvent =
  | { type: 'START'; user: { id: number } | null }
  | { type: 'SIGNED_IN'; user: { id: number } }
  | { type: 'SIGNED_OUT' }
  | ({ type: 'ADD'; requestId: string } & AddRequest)
  | { type: 'REMOVE'; itemId: string }
  | { type: 'UPDATE_QUANTITY'; itemId: string; quantity: number }
  | { type: 'CLEAR' }
  | { type: 'RELOAD' }
  | { type: 'DISMISS_NOTICE'; id: string }

export type BasketEmitted = TrackEvent | { type: 'addResult'; requestId: string; ok: boolean }

export interface BasketContext {
  deps: BasketDeps
  carts: Cart[]
  userId: number | null
  queue: BasketOp[]
  notices: BasketNotice[]
  /** The last basket the server sent in this session: what a reload is compared with. */
  lastServerCarts: Cart[] | null
  /** Items the buyer changed or removed since that reload (not surprises). */
  ownChanges: string[]
  loadFailed: boolean
}

export type FillItems = { sku: string; quantity: number }[]

/** The part of enqueueActions' `enqueue` the machine's step helpers use. */
export interface Enqueue {
  (action: () => void): void
  assign(patch: Partial<BasketContext>): void
  emit(event: BasketEmitted): void
}
