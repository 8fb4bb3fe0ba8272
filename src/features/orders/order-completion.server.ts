import '@tanstack/react-start/server-only'
import { and, eq, sql } from 'drizzle-orm'
import { constants } from '#app-config'
import { days, now } from '~/server/clock.server'
import type { Db } from '~/server/db/client.server'
import { orderEvents, orders } from '~/server/db/schema'
import { log } from '~/server/log.server'
import { SYSTEM_ORDER_NOTES } from './order-event-notes'
import { transitionOrder } from './order-transitions.server'

const BATCH = 200

/**
 * Periodic: a delivered order the buyer has not confirmed completes by itself
 * `autoCompleteDays` after delivery (the `system` move of the state machine). One transaction per
 * order, claimed with `for update skip locked` so two app instances never complete the same order.
 */
export async function completeDeliveredOrders(db: Db): Promise<number> {
  const cutoff = new Date(now().getTime() - days(constants.orders.autoCompleteDays))
  let completed = 0
  for (let i = 0; i < BATCH; i++) {
    const done = await db.transaction(async (tx) => {
      const [due] = await tx
        .select({ id: orders.id })
        .from(orders)
        .where(
          and(
            eq(orders.status, 'delivered'),
            sql`(select max(${orderEvents.createdAt}) from ${orderEvents}
                 where ${orderEvents.orderId} = ${orders.id} and ${orderEvents.toStatus} = 'delivered')
                <= ${cutoff.toISOString()}::timestamptz`,
          ),
        )
        .orderBy(orders.id)
        .limit(1)
        .for('update', { skipLocked: true })
      if (!due) return false
      await transitionOrder(tx, {
        orderId: due.id,
        to: 'completed',
        actor: { kind: 'system', userId: null },
        note: SYSTEM_ORDER_NOTES.autoCompleted,
      })
      return true
    })
    if (!done) break
    completed++
  }
  if (completed) log().info({ completed }, 'delivered orders completed')
  return completed
}
