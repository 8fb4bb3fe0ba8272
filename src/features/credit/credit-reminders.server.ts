import '@tanstack/react-start/server-only'
import { and, eq, inArray, isNull, lte, notInArray, or, sql } from 'drizzle-orm'
import { nameInLocale } from '~/lib/i18n'
import { m } from '~/lib/messages'
import { formatMoney } from '~/lib/money'
import { formatTehranCalendarDay } from '~/lib/tehran-time'
import { now } from '~/server/clock.server'
import { serverConfig } from '~/server/config.server'
import type { Db } from '~/server/db/client.server'
import { creditInvoices, orders, sellers } from '~/server/db/schema'
import { queueMessageToUser } from '~/server/providers/sms/outbox.server'
import { daysOverdue } from './credit-rules'

/**
 * The daily credit run (issue #39): open invoices past their due instant are marked overdue, and
 * buyers get an SMS 3 days and 1 day before a due day (Tehran days). Each reminder is claimed with a
 * conditional update, so a second run (or a second instance) sends nothing twice; a run that missed
 * the third day sends the 3-day reminder on the second, and the 1-day one on the last day.
 */
export async function runCreditReminders(db: Db): Promise<{ overdue: number; reminded: number }> {
  const at = now()
  const overdue = await db
    .update(creditInvoices)
    .set({ status: 'overdue' })
    .where(and(eq(creditInvoices.status, 'open'), lte(creditInvoices.dueAt, at)))
    .returning({ id: creditInvoices.id })
  // Due within the next four Tehran days at most: the candidates, checked one by one below.
  const soon = await db
    .select({
      id: creditInvoices.id,
      buyerUserId: creditInvoices.buyerUserId,
      amount: creditInvoices.amount,
      paidAmount: creditInvoices.paidAmount,
      dueDay: creditInvoices.dueDay,
      remindedDaysBefore: creditInvoices.remindedDaysBefore,
      orderNumber: orders.number,
      currency: orders.currency,
      sellerName: sellers.displayName,
      sellerNameFa: sellers.displayNameFa,
    })
    .from(creditInvoices)
    .innerJoin(orders, eq(orders.id, creditInvoices.orderId))
    .innerJoin(sellers, eq(sellers.id, creditInvoices.sellerId))
    .where(
      and(
        inArray(creditInvoices.status, ['open']),
        notInArray(orders.status, ['rejected', 'cancelled', 'expired']),
        sql`${creditInvoices.dueAt} > ${at.toISOString()}::timestamptz`,
        sql`${creditInvoices.dueAt} <= ${new Date(at.getTime() + 4 * 86_400_000).toISOString()}::timestamptz`,
      ),
    )
  let reminded = 0
  for (const invoice of soon) {
    const daysLeft = -daysOverdue(invoice.dueDay, at)
    if (daysLeft < 0 || daysLeft > 3) continue
    const threshold = daysLeft <= 1 ? 1 : 3
    if (invoice.remindedDaysBefore !== null && invoice.remindedDaysBefore <= threshold) continue
    await db.transaction(async (tx) => {
      const [claimed] = await tx
        .update(creditInvoices)
        .set({ remindedDaysBefore: threshold })
        .where(
          and(
            eq(creditInvoices.id, invoice.id),
            or(
              isNull(creditInvoices.remindedDaysBefore),
              sql`${creditInvoices.remindedDaysBefore} > ${threshold}`,
            ),
          ),
        )
        .returning({ id: creditInvoices.id })
      if (!claimed) return
      reminded++
      await queueMessageToUser(tx, invoice.buyerUserId, () =>
        m.credit_sms_reminder_buyer({
          number: invoice.orderNumber,
          seller: nameInLocale({ name: invoice.sellerName, nameFa: invoice.sellerNameFa }),
          amount: formatMoney(
            invoice.amount - invoice.paidAmount,
            invoice.currency || serverConfig().money.currency,
          ),
          due: formatTehranCalendarDay(invoice.dueDay),
        }),
      )
    })
  }
  return { overdue: overdue.length, reminded }
}
