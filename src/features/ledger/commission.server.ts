import '@tanstack/react-start/server-only'
import { eq, sql } from 'drizzle-orm'
import { constants } from '#app-config'
import { recordAuditEvent } from '~/server/audit/audit.server'
import { now } from '~/server/clock.server'
import { selectRows, type DbOrTx } from '~/server/db/client.server'
import { commissionRates, orderLines } from '~/server/db/schema'
import { jsonRows } from '~/server/db/sql-batch.server'

/** One order line's commission, decided when the order is paid. */
export interface LineCommission {
  orderLineId: number
  rateBp: number
  /** Rials: round(line total × rate). */
  amount: number
  /** Rials: the VAT on `amount` at constants.ledger.commissionVatPercent. */
  vat: number
}

export const commissionOf = (lineTotal: number, rateBp: number) => Math.round((lineTotal * rateBp) / 10_000)
export const commissionVatOf = (commission: number) =>
  Math.round((commission * constants.ledger.commissionVatPercent) / 100)

/**
 * The commission on each line of an order at today's rates: the line's product category's rate, or
 * its nearest ancestor's, else the default rate; less the seller's current plan discount, never
 * below 0. On the line total (after offers, before the goods' VAT); the delivery fee carries none.
 */
export async function computeOrderCommission(tx: DbOrTx, orderId: number): Promise<LineCommission[]> {
  const rows = await selectRows<{
    id: number
    line_total: string
    rate: number | null
    discount: number | null
  }>(
    tx,
    sql`with recursive chain (line_id, category_id, depth) as (
          select ol.id, p.category_id, 0 from order_lines ol join products p on p.id = ol.product_id
          where ol.order_id = ${orderId}
          union all
          select chain.line_id, c.parent_id, chain.depth + 1
          from chain join categories c on c.id = chain.category_id
          where c.parent_id is not null and chain.depth < 32
        )
        select ol.id, ol.line_total,
          coalesce(
            (select r.rate_bp from chain join commission_rates r on r.category_id = chain.category_id
             where chain.line_id = ol.id order by chain.depth limit 1),
            (select r.rate_bp from commission_rates r where r.category_id is null)
          ) as rate,
          (select pl.commission_discount_bp from orders o join sellers s on s.id = o.seller_id
             join plans pl on pl.slug = s.plan_code where o.id = ol.order_id) as discount
        from order_lines ol where ol.order_id = ${orderId} order by ol.position, ol.id`,
  )
  return rows.map((row) => {
    const rateBp = Math.max(0, Number(row.rate ?? 0) - Number(row.discount ?? 0))
    const amount = commissionOf(Number(row.line_total), rateBp)
    return { orderLineId: Number(row.id), rateBp, amount, vat: commissionVatOf(amount) }
  })
}

/**
 * Decides and stores an order's commission on its lines (once: lines already decided keep theirs)
 * and returns the order's totals for the paid entry.
 */
export async function decideOrderCommission(
  tx: DbOrTx,
  orderId: number,
): Promise<{ commission: number; commissionVat: number; lines: LineCommission[] }> {
  const decided = await orderLineCommission(tx, orderId)
  const lines = decided.every((line) => line.rateBp !== null)
    ? (decided as LineCommission[])
    : await computeOrderCommission(tx, orderId)
  // One statement for all the lines (an order may have hundreds), only those not decided yet.
  if (lines.length > 0)
    await tx.execute(sql`
      update ${orderLines} set
        commission_rate_bp = d.rate_bp, commission_amount = d.amount, commission_vat = d.vat
      from jsonb_to_recordset(${jsonRows(
        lines.map((line) => ({
          id: line.orderLineId,
          rate_bp: line.rateBp,
          amount: line.amount,
          vat: line.vat,
        })),
      )}) as d(id int, rate_bp int, amount bigint, vat bigint)
      where ${orderLines.id} = d.id and ${orderLines.commissionRateBp} is null`)
  return {
    commission: lines.reduce((sum, line) => sum + line.amount, 0),
    commissionVat: lines.reduce((sum, line) => sum + line.vat, 0),
    lines,
  }
}

/** An order's lines with their stored commission (nulls before the order was paid). */
export async function orderLineCommission(
  db: DbOrTx,
  orderId: number,
): Promise<{ orderLineId: number; rateBp: number | null; amount: number | null; vat: number | null }[]> {
  return db
    .select({
      orderLineId: orderLines.id,
      rateBp: orderLines.commissionRateBp,
      amount: orderLines.commissionAmount,
      vat: orderLines.commissionVat,
    })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(orderLines.position, orderLines.id)
}

/**
 * Sets a rate (a category's, or the default with categoryId null), audited in the caller's
 * transaction. Orders already paid keep the commission they were charged.
 */
export async function setCommissionRate(
  tx: DbOrTx,
  input: { categoryId: number | null; rateBp: number; actorUserId: number; reason?: string | null },
): Promise<void> {
  if (!Number.isInteger(input.rateBp) || input.rateBp < 0 || input.rateBp > 10_000)
    throw new RangeError(`a commission rate is 0 to 10000 basis points: ${input.rateBp}`)
  const [before] = await tx
    .select({ rateBp: commissionRates.rateBp })
    .from(commissionRates)
    .where(sql`coalesce(${commissionRates.categoryId}, 0) = ${input.categoryId ?? 0}`)
    .for('update')
  const at = now()
  const where = sql`coalesce(${commissionRates.categoryId}, 0) = ${input.categoryId ?? 0}`
  if (before)
    await tx
      .update(commissionRates)
      .set({ rateBp: input.rateBp, updatedAt: at, updatedBy: input.actorUserId })
      .where(where)
  else
    await tx.insert(commissionRates).values({
      categoryId: input.categoryId,
      rateBp: input.rateBp,
      updatedAt: at,
      updatedBy: input.actorUserId,
    })
  await recordAuditEvent(tx, {
    actorUserId: input.actorUserId,
    action: 'commission_rate.set',
    recordType: 'commission_rate',
    recordId: input.categoryId ?? 'default',
    before: before ? { rateBp: before.rateBp } : null,
    after: { rateBp: input.rateBp },
    reason: input.reason ?? null,
  })
}
