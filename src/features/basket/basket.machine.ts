import { assertEvent, assign, enqueueActions, fromPromise, setup } from 'xstate'
import {
  applyLocalAdd,
  applyLocalQuantity,
  applyLocalRemove,
  commitLocal,
  completeOp,
  failOp,
  finishMerge,
  opFromEvent,
  receiveServerBasket,
  resetToGuest,
} from './basket-machine-steps'
import type {
  BasketContext,
  BasketDeps,
  BasketEmitted,
  BasketEvent,
  BasketOp,
  FillItems,
} from './basket-machine.types'
import { trackEvent } from './basket-events'
import type { Cart } from './basket.types'
import { fillItemsOf, fillKeyOf, findItem, isValidQuantity, parseStoredCarts } from './local-basket'

export type * from './basket-machine.types'

/**
 * The basket (spec §4): a guest's carts live in local storage; a signed-in buyer's on the server,
 * where every change is sent and then the whole basket reloaded; signing in merges the first into
 * the second. Server calls are the named actors below, so tests provide their own.
 */

/** The real calls are provided where the actor is created (basket-actor.ts); tests provide fakes. */
const unprovided = <TOutput, TInput>(name: string) =>
  fromPromise<TOutput, TInput>(() => Promise.reject(new Error(`basket actor ${name} was not provided`)))

export const basketMachine = setup({
  types: {
    context: {} as BasketContext,
    events: {} as BasketEvent,
    input: {} as BasketDeps,
    emitted: {} as BasketEmitted,
  },
  actors: {
    loadBasket: unprovided<Cart[], void>('loadBasket'),
    addItem: unprovided<unknown, { sku: string; quantity: number }>('addItem'),
    removeItem: unprovided<unknown, { itemId: string }>('removeItem'),
    updateQuantity: unprovided<unknown, { itemId: string; quantity: number }>('updateQuantity'),
    clearBasket: unprovided<unknown, { itemIds: string[] }>('clearBasket'),
    fillBasket: unprovided<unknown, { items: FillItems; key: string }>('fillBasket'),
  },
  guards: {
    signedIn: ({ event }) => event.type === 'START' && event.user !== null,
    hasLocalItems: ({ context }) =>
      parseStoredCarts(context.deps.storage.read()).length > 0 || context.carts.length > 0,
    signedInGuest: ({ context }) => context.userId !== null,
    otherUser: ({ context, event }) => event.type === 'SIGNED_IN' && event.user.id !== context.userId,
    itemExists: ({ context, event }) => 'itemId' in event && findItem(context.carts, event.itemId) !== null,
    quantityChange: ({ context, event }) => {
      if (event.type !== 'UPDATE_QUANTITY' || !isValidQuantity(event.quantity)) return false
      const found = findItem(context.carts, event.itemId)
      return found !== null && found.item.quantity !== event.quantity
    },
    hasItems: ({ context }) => context.carts.length > 0,
    nextIs: ({ context }, kind: BasketOp['kind']) => context.queue[0]?.kind === kind,
  },
  actions: {
    userFromEvent: assign({
      userId: ({ event }) =>
        event.type === 'START' || event.type === 'SIGNED_IN' ? (event.user?.id ?? null) : null,
    }),
    /** Spec §4 Guest basket: read on start; a restore event when it has items. */
    restoreLocal: enqueueActions(({ context, enqueue }) => {
      const carts = parseStoredCarts(context.deps.storage.read())
      enqueue.assign({ carts })
      if (carts.length) enqueue.emit(trackEvent('cart_restored', { carts: carts.length }))
    }),
    rereadLocal: assign({ carts: ({ context }) => parseStoredCarts(context.deps.storage.read()) }),
    localAdd: enqueueActions(({ context, event, enqueue }) => {
      assertEvent(event, 'ADD')
      applyLocalAdd(context, event, enqueue)
    }),
    /** Adds that arrived before the basket knew who was there, applied locally once it does. */
    drainQueueLocally: enqueueActions(({ context, enqueue }) => {
      let carts = context.carts
      for (const op of context.queue)
        if (op.kind === 'add') carts = applyLocalAdd({ ...context, carts }, op, enqueue) ?? carts
      enqueue.assign({ queue: [] })
    }),
    localRemove: enqueueActions(({ context, event, enqueue }) => {
      assertEvent(event, 'REMOVE')
      applyLocalRemove(context, event.itemId, enqueue)
    }),
    localQuantity: enqueueActions(({ context, event, enqueue }) => {
      assertEvent(event, 'UPDATE_QUANTITY')
      applyLocalQuantity(context, event.itemId, event.quantity, enqueue)
    }),
    localClear: enqueueActions(({ context, enqueue }) => {
      commitLocal(context, [], [trackEvent('cart_cleared', { carts: context.carts.length })], enqueue)
    }),
    resetToGuest: enqueueActions(({ context, enqueue }) => resetToGuest(context, enqueue)),
    enqueueOp: assign({
      queue: ({ context, event }) => {
        const op = opFromEvent(context, event)
        return op ? [...context.queue, op] : context.queue
      },
    }),
    opDone: enqueueActions(({ context, enqueue }) => completeOp(context, enqueue)),
    opFailed: enqueueActions(({ context, enqueue }) => failOp(context, enqueue)),
    applyServerBasket: enqueueActions(({ context, enqueue }, carts: Cart[]) =>
      receiveServerBasket(context, carts, enqueue),
    ),
    mergeDone: enqueueActions(({ context, enqueue }) => finishMerge(context, enqueue)),
    dismissNotice: assign({
      notices: ({ context, event }) =>
        event.type === 'DISMISS_NOTICE' ? context.notices.filter((n) => n.id !== event.id) : context.notices,
    }),
  },
}).createMachine({
  id: 'basket',
  context: ({ input }) => ({
    deps: input,
    carts: [],
    userId: null,
    queue: [],
    notices: [],
    lastServerCarts: null,
    ownChanges: [],
    loadFailed: false,
  }),
  initial: 'starting',
  on: { DISMISS_NOTICE: { actions: 'dismissNotice' } },
  states: {
    starting: {
      on: {
        START: [
          { guard: 'signedIn', target: 'signingIn', actions: 'userFromEvent' },
          { target: 'guest', actions: 'restoreLocal' },
        ],
        ADD: { actions: 'enqueueOp' },
      },
    },
    /** Signed in with local items to merge, or straight to the server basket. */
    signingIn: {
      always: [{ guard: 'hasLocalItems', target: 'merging', actions: 'rereadLocal' }, { target: 'server' }],
    },
    guest: {
      entry: 'drainQueueLocally',
      on: {
        ADD: { actions: 'localAdd' },
        REMOVE: { guard: 'itemExists', actions: 'localRemove' },
        UPDATE_QUANTITY: { guard: 'quantityChange', actions: 'localQuantity' },
        CLEAR: { guard: 'hasItems', actions: 'localClear' },
        RELOAD: { actions: 'rereadLocal' },
        SIGNED_IN: { target: 'signingIn', actions: 'userFromEvent' },
        // Only a signed-in guest (its merge failed) has an account to leave.
        SIGNED_OUT: { guard: 'signedInGuest', actions: 'resetToGuest' },
      },
    },
    merging: {
      invoke: {
        src: 'fillBasket',
        input: ({ context }) => ({ items: fillItemsOf(context.carts), key: fillKeyOf(context.carts) }),
        onDone: { target: 'server', actions: 'mergeDone' },
        // The local basket stays; the next sign-in (or app start while signed in) tries again.
        onError: { target: 'guest' },
      },
      on: {
        ADD: { actions: 'enqueueOp' },
        SIGNED_OUT: { target: 'guest', actions: 'resetToGuest' },
      },
    },
    server: {
      initial: 'loading',
      on: {
        ADD: { actions: 'enqueueOp' },
        REMOVE: { guard: 'itemExists', actions: 'enqueueOp' },
        UPDATE_QUANTITY: { guard: 'quantityChange', actions: 'enqueueOp' },
        CLEAR: { guard: 'hasItems', actions: 'enqueueOp' },
        SIGNED_OUT: { target: 'guest', actions: 'resetToGuest' },
        SIGNED_IN: { guard: 'otherUser', target: 'signingIn', actions: ['resetToGuest', 'userFromEvent'] },
      },
      states: {
        loading: {
          invoke: {
            src: 'loadBasket',
            onDone: {
              target: 'idle',
              actions: { type: 'applyServerBasket', params: ({ event }) => event.output },
            },
            onError: { target: 'idle', actions: assign({ loadFailed: true }) },
          },
        },
        idle: {
          always: [
            { guard: { type: 'nextIs', params: 'add' }, target: 'adding' },
            { guard: { type: 'nextIs', params: 'remove' }, target: 'removing' },
            { guard: { type: 'nextIs', params: 'quantity' }, target: 'updating' },
            { guard: { type: 'nextIs', params: 'clear' }, target: 'clearing' },
          ],
          on: { RELOAD: 'loading' },
        },
        adding: {
          invoke: {
            src: 'addItem',
            input: ({ context }) => {
              const op = context.queue[0] as Extract<BasketOp, { kind: 'add' }>
              return { sku: op.sku, quantity: op.quantity }
            },
            onDone: { target: 'loading', actions: 'opDone' },
            onError: { target: 'idle', actions: 'opFailed' },
          },
        },
        removing: {
          invoke: {
            src: 'removeItem',
            input: ({ context }) => ({
              itemId: (context.queue[0] as Extract<BasketOp, { kind: 'remove' }>).itemId,
            }),
            onDone: { target: 'loading', actions: 'opDone' },
            onError: { target: 'idle', actions: 'opFailed' },
          },
        },
        updating: {
          invoke: {
            src: 'updateQuantity',
            input: ({ context }) => {
              const op = context.queue[0] as Extract<BasketOp, { kind: 'quantity' }>
              return { itemId: op.itemId, quantity: op.quantity }
            },
            onDone: { target: 'loading', actions: 'opDone' },
            onError: { target: 'idle', actions: 'opFailed' },
          },
        },
        clearing: {
          invoke: {
            src: 'clearBasket',
            input: ({ context }) => ({
              itemIds: (context.queue[0] as Extract<BasketOp, { kind: 'clear' }>).itemIds,
            }),
            onDone: { target: 'loading', actions: 'opDone' },
            // Some items may be gone already: reload to show what the server now holds.
            onError: { target: 'loading', actions: 'opFailed' },
          },
        },
      },
    },
  },
})
