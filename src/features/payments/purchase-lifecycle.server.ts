import '@tanstack/react-start/server-only'
import type { PurchaseKind } from '~/lib/domain-enums'
import type { Tx } from '~/server/db/client.server'
import { hookRegistry } from '~/server/hook-registry.server'

/**
 * The purchase lifecycle's one interface to what is bought. Payments owns the sessions, the
 * provider's verification, refunds and the renewal schedule; the features above it (orders, seller
 * plans, Plus) register, once at start (src/feature-hooks.server.ts), what happens to their kind
 * of purchase when it is paid or its time to pay runs out. Every hook runs inside the transaction
 * of the payment change that calls it: one business operation, one transaction.
 */

/** What a payment pays for: an order, or a platform purchase (a plan period, a Plus year). */
export type PayableKind = 'order' | PurchaseKind

/** Honoured, or why not (a code for the refund's log line): the money is then given back. */
export type Fulfilment = { ok: true } | { ok: false; reason: string }

export interface PurchaseLifecycle {
  /** The provider confirmed the money for this purchase (its row is locked by the caller). */
  paid(tx: Tx, id: number): Promise<Fulfilment>
  /** Its time to pay ran out unpaid (the expiry task, its row locked `skip locked`). */
  expired?(tx: Tx, id: number): Promise<void>
  /** The words for one of its states, in the reader's language ("Paid", "Cancelled"…). */
  statusLabel?(status: string): string
}

const lifecycles = hookRegistry<PayableKind, PurchaseLifecycle>('payments.purchase-lifecycles')

/** Registers (or replaces: start-up may run twice in dev) what happens to one kind of purchase. */
export function registerPurchaseLifecycle(kind: PayableKind, lifecycle: PurchaseLifecycle): void {
  lifecycles.set(kind, lifecycle)
}

/** The registered lifecycle of a kind; a missing registration is a start-up bug, said loudly. */
export function purchaseLifecycle(kind: PayableKind): PurchaseLifecycle {
  const lifecycle = lifecycles.get(kind)
  if (!lifecycle)
    throw new Error(`No purchase lifecycle registered for '${kind}' (registerFeatureHooks not called)`)
  return lifecycle
}
