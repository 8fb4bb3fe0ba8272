/**
 * Ledger tests: orders moved along the machine as the app moves them (transitionOrder, each step its
 * own transaction), and the sums the invariants are stated in.
 */
import { eq, sql } from 'drizzle-orm'
import { transitionOrder } from '~/features/orders/order-transitions.server'
import type { OrderStatus } from '~/lib/domain-enums'
import { selectRows, type Db } from '~/server/db/client.server'
import { orders } from '~/server/db/schema'
import { createPendingOrder, type CreatePendingOrderInput } from '../factories/orders'

export const paidPath: readonly OrderStatus[] = ['paid', 'accepted', 'shipped', 'delivered', 'completed']

/** Moves an order through `steps`, one transaction each, as the system (paid) or an admin. */
export async function moveOrder(db: Db, orderId: number, steps: readonly OrderStatus[]): Promise<void> {
  for (const to of steps)
    await db.transaction((tx) =>
      transitionOrder(tx, {
        orderId,
        to,
        actor: { kind: to === 'paid' ? 'system' : 'admin', userId: null },
        note: to === 'rejected' ? 'Out of stock at the warehouse' : undefined,
        shipping: to === 'shipped' ? { carrier: 'Tipax', trackingNumber: 'TPX-1001' } : undefined,
      }),
    )
}

/** A new order awaiting payment; `subsidy` makes it a Plus order whose seller delivery the platform pays. */
export async function pendingOrder(db: Db, input: CreatePendingOrderInput & { subsidy?: number } = {}) {
  const { subsidy, ...rest } = input
  const order = await createPendingOrder(db, rest)
  if (subsidy) {
    await db.update(orders).set({ deliveryPaidByPlatform: subsidy }).where(eq(orders.id, order.id))
    return { ...order, deliveryPaidByPlatform: subsidy }
  }
  return order
}

/** Every entry's sum (non-zero ones only) and line count: the database's own view. */
export async function unbalancedEntries(db: Db) {
  return selectRows<{ entry_id: number; total: string; lines: number }>(
    db,
    sql`select e.id as entry_id, coalesce(sum(l.amount), 0) as total, count(l.id)::int as lines
        from ledger_entries e left join ledger_lines l on l.entry_id = e.id
        group by e.id having coalesce(sum(l.amount), 0) <> 0 or count(l.id) < 2`,
  )
}

/** The sum of every line of the ledger (0 when it balances). */
export async function ledgerTotal(db: Db): Promise<number> {
  const [row] = await selectRows<{ total: string }>(
    db,
    sql`select coalesce(sum(amount), 0) as total from ledger_lines`,
  )
  return Number(row?.total ?? 0)
}
