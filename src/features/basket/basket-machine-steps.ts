import { compareBaskets } from './basket-compare'
import { changeEvents, quantityAlertEvents, totalsEvent, trackEvent, type TrackEvent } from './basket-events'
import type { BasketContext, BasketEvent, BasketOp, Enqueue } from './basket-machine.types'
import type { AddRequest, Cart } from './basket.types'
import { addLocal, fillItemsOf, findItem, removeLocal, setLocalQuantity } from './local-basket'

/**
 * The basket machine's steps: what each change does to the context and which events it emits.
 * Kept apart from the machine's states so that the chart stays readable.
 */

/** Assigns local carts, saves them, and emits the change's events plus the totals (spec §4 Totals). */
export function commitLocal(
  context: BasketContext,
  carts: Cart[],
  events: TrackEvent[],
  enqueue: Enqueue,
): void {
  enqueue.assign({ carts })
  enqueue(() => (carts.length ? context.deps.storage.write(carts) : context.deps.storage.clear()))
  for (const e of [...events, ...quantityAlertEvents(context.carts, carts), totalsEvent(carts)])
    enqueue.emit(e)
}

/** Spec §4 Local add; answers the add (false when the sku's offer is not on the product's stores). */
export function applyLocalAdd(
  context: BasketContext,
  request: AddRequest & { requestId: string },
  enqueue: Enqueue,
): Cart[] | null {
  const carts = addLocal(context.carts, request, { now: context.deps.now(), newId: context.deps.newId })
  if (!carts) {
    enqueue.emit({ type: 'addResult', requestId: request.requestId, ok: false })
    return null
  }
  const added = trackEvent('cart_item_added', { sku: request.sku, quantity: request.quantity })
  commitLocal(context, carts, [added], enqueue)
  enqueue.emit({ type: 'addResult', requestId: request.requestId, ok: true })
  return carts
}

/** Spec §4 Local remove, with STORE_EMPTIED when it was the seller's last item. */
export function applyLocalRemove(context: BasketContext, itemId: string, enqueue: Enqueue): void {
  const found = findItem(context.carts, itemId)!
  const carts = removeLocal(context.carts, itemId, context.deps.now())
  const events = [trackEvent('cart_item_removed', { sku: found.item.sku, quantity: found.item.quantity })]
  if (found.cart.items.length === 1)
    events.push(trackEvent('cart_store_emptied', { seller_id: found.cart.sellerId }))
  commitLocal(context, carts, events, enqueue)
}

/** Spec §4 Local quantity update: tracked as an update and an increase or decrease. */
export function applyLocalQuantity(
  context: BasketContext,
  itemId: string,
  quantity: number,
  enqueue: Enqueue,
): void {
  const { item } = findItem(context.carts, itemId)!
  const carts = setLocalQuantity(context.carts, itemId, quantity, context.deps.now())
  commitLocal(context, carts, quantityEvents(item.sku, item.quantity, quantity), enqueue)
}

function quantityEvents(sku: string | null, from: number, to: number): TrackEvent[] {
  const props = { sku, from, to }
  const direction = to > from ? 'cart_qty_incremented' : 'cart_qty_decremented'
  return [trackEvent('cart_item_updated', props), trackEvent(direction, props)]
}

/** The server work an event asks for, or null. */
export function opFromEvent(context: BasketContext, event: BasketEvent): BasketOp | null {
  switch (event.type) {
    case 'ADD':
      return { ...event, kind: 'add' }
    case 'REMOVE':
      return { kind: 'remove', itemId: event.itemId }
    case 'UPDATE_QUANTITY': {
      const previous = findItem(context.carts, event.itemId)!.item.quantity
      return { kind: 'quantity', itemId: event.itemId, quantity: event.quantity, previous }
    }
    case 'CLEAR':
      return { kind: 'clear', itemIds: context.carts.flatMap((c) => c.items.map((i) => i.id)) }
    default:
      return null
  }
}

/** The head op succeeded on the server: its answer, its analytics, its own-change marks, off the queue. */
export function completeOp(context: BasketContext, enqueue: Enqueue): void {
  const op = context.queue[0]!
  const own = new Set(context.ownChanges)
  if (op.kind === 'add') {
    enqueue.emit({ type: 'addResult', requestId: op.requestId, ok: true })
    enqueue.emit(trackEvent('cart_item_added', { sku: op.sku, quantity: op.quantity }))
  } else if (op.kind === 'remove') {
    const found = findItem(context.carts, op.itemId)
    own.add(op.itemId)
    enqueue.emit(trackEvent('cart_item_removed', { sku: found?.item.sku ?? null }))
    if (found && found.cart.items.length === 1)
      enqueue.emit(trackEvent('cart_store_emptied', { seller_id: found.cart.sellerId }))
  } else if (op.kind === 'quantity') {
    own.add(op.itemId)
    const sku = findItem(context.carts, op.itemId)?.item.sku ?? null
    for (const e of quantityEvents(sku, op.previous, op.quantity)) enqueue.emit(e)
  } else {
    for (const id of op.itemIds) own.add(id)
    enqueue.emit(trackEvent('cart_cleared', { items: op.itemIds.length }))
  }
  enqueue.assign({ queue: context.queue.slice(1), ownChanges: [...own] })
}

/** Spec §8: a failed basket call changes nothing and says nothing; the add answers false. */
export function failOp(context: BasketContext, enqueue: Enqueue): void {
  const op = context.queue[0]!
  if (op.kind === 'add') enqueue.emit({ type: 'addResult', requestId: op.requestId, ok: false })
  enqueue.assign({ queue: context.queue.slice(1) })
}

/** A loaded server basket: compared with the previous one (notices, alerts), then shown. */
export function receiveServerBasket(context: BasketContext, carts: Cart[], enqueue: Enqueue): void {
  const previous = context.lastServerCarts
  if (previous) {
    const changes = compareBaskets(previous, carts, new Set(context.ownChanges))
    for (const e of changeEvents(changes)) enqueue.emit(e)
    const known = new Set(context.notices.map((n) => n.id))
    enqueue.assign({ notices: [...context.notices, ...changes.notices.filter((n) => !known.has(n.id))] })
  }
  for (const e of quantityAlertEvents(previous ?? [], carts)) enqueue.emit(e)
  enqueue.assign({ carts, lastServerCarts: carts, ownChanges: [], loadFailed: false })
}

/** Spec §4 sign-out: an empty guest basket; adds still waiting are answered false. */
export function resetToGuest(context: BasketContext, enqueue: Enqueue): void {
  for (const op of context.queue)
    if (op.kind === 'add') enqueue.emit({ type: 'addResult', requestId: op.requestId, ok: false })
  enqueue(() => context.deps.storage.clear())
  enqueue.assign({
    carts: [],
    userId: null,
    queue: [],
    notices: [],
    lastServerCarts: null,
    ownChanges: [],
    loadFailed: false,
  })
}

/** After a successful merge the local basket is gone: the server holds it now (MERGED). */
export function finishMerge(context: BasketContext, enqueue: Enqueue): void {
  enqueue.emit(trackEvent('cart_merged', { items: fillItemsOf(context.carts).length }))
  enqueue(() => context.deps.storage.clear())
  enqueue.assign({ lastServerCarts: null })
}
