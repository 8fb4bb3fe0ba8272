import '@tanstack/react-start/server-only'
import { sql } from 'drizzle-orm'
import { constants } from '#app-config'
import { days, now } from '~/server/clock.server'
import { selectRows, type Db } from '~/server/db/client.server'
import { log } from '~/server/log.server'
import { postOrderReleased } from './order-money.server'

const BATCH = 200

/**
 * Periodic (hourly): a delivered order's seller share becomes available `holdingDays` after
 * delivery even if the buyer never confirms. One transaction per order, the order row claimed with
 * `for update skip locked` so two instances never release the same order (and the release's
 * idempotency key would refuse a second one anyway).
 */
export async function releaseHeldOrders(db: Db): Promise<number> {
  const cutoff = new Date(now().getTime() - days(constants.ledger.holdingDays))
  let released = 0
  for (let i = 0; i < BATCH; i++) {
    const done = await db.transaction(async (tx) => {
      const [due] = await selectRows<{ id: number }>(
        tx,
        sql`select o.id from orders o
            where o.status = 'delivered'
              and (select max(e.created_at) from order_events e
                   where e.order_id = o.id and e.to_status = 'delivered') <= ${cutoff.toISOString()}::timestamptz
              and exists (select 1 from ledger_entries le where le.reference_type = 'order'
                          and le.reference_id = o.id::text and le.kind = 'order_paid')
              and not exists (select 1 from ledger_entries le where le.reference_type = 'order'
                              and le.reference_id = o.id::text and le.kind = 'order_released')
            order by o.id limit 1 for update of o skip locked`,
      )
      if (!due) return false
      await postOrderReleased(tx, { orderId: Number(due.id), memo: 'holding_days' })
      return true
    })
    if (!done) break
    released++
  }
  if (released) log().info({ released }, 'held order money released')
  return released
}
