import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  applyForCredit,
  decideCredit,
  payOrderOnCredit,
  runCreditReminders,
} from '~/features/credit/index.server'
import { applyForCreditInput, decideCreditInput, payOnCreditInput } from '~/features/credit/credit.schemas'
import { authenticateAccessToken, type AuthContext } from '~/server/auth/session.server'
import { setClock } from '~/server/clock.server'
import type { Db } from '~/server/db/client.server'
import { creditInvoices, users } from '~/server/db/schema'
import { parseInput } from '~/server/http/api-errors.server'
import { createSeller, createSku, createStore, createUser } from '../factories/create'
import { createTestDatabase } from '../support/test-database'
import { signInAs } from './auth-fixtures'
import { pendingOrder } from './ledger-fixtures'
import { messagesTo } from './order-core-fixtures'

/**
 * Credit reminders (issue #39) on a pinned clock: an SMS 3 days and 1 day before the due day (Tehran
 * days), each once however often the job runs, and an open invoice past its due instant turns overdue.
 */

let db: Db
let close: () => Promise<void>
beforeAll(async () => {
  const handle = await createTestDatabase()
  db = handle.db
  close = handle.close
})
afterAll(async () => {
  setClock(null)
  await close()
})

const authOf = async (userId: number): Promise<AuthContext> =>
  (await authenticateAccessToken(db, (await signInAs(db, userId)).accessToken, 'cookie'))!

describe('credit reminders', () => {
  it('reminds 3 days and 1 day before the due day, once each, then marks the invoice overdue', async () => {
    // 09:00 in Tehran on 1 Dec; net 10 is due at the end of 11 Dec (20:30 UTC).
    setClock('2026-12-01T05:30:00Z')
    const seller = await createSeller(db)
    const store = await createStore(db, { seller })
    const buyer = await createUser(db)
    const buyerAuth = await authOf(buyer.id)
    const { applicationId } = await applyForCredit(
      db,
      buyerAuth,
      parseInput(applyForCreditInput, {
        sellerId: seller.id,
        businessName: 'Golestan Restaurant',
        economicCode: '411122223333',
        nationalId: '0499370899',
        expectedMonthlyVolume: 50_000_000,
      }),
    )
    await decideCredit(
      db,
      await authOf(seller.owner.id),
      parseInput(decideCreditInput, {
        creditApplicationId: applicationId,
        decision: 'approve',
        limitRials: 100_000_000,
        termDays: 10,
      }),
    )
    const sku = await createSku(db, { store })
    const order = await pendingOrder(db, {
      buyer,
      seller,
      lines: [{ sku, quantity: 1, unitPrice: 2_000_000 }],
    })
    await payOrderOnCredit(db, buyerAuth, parseInput(payOnCreditInput, { orderNumber: order.number }))
    const [row] = await db.select({ phone: users.cellphone }).from(users).where(eq(users.id, buyer.id))
    const phone = row!.phone
    const reminders = async () => (await messagesTo(db, phone)).filter((text) => text.startsWith('Reminder:'))

    setClock('2026-12-07T05:17:00Z') // 4 days before: nothing yet
    expect(await runCreditReminders(db)).toMatchObject({ reminded: 0 })
    setClock('2026-12-08T05:17:00Z') // 3 days before
    expect(await runCreditReminders(db)).toMatchObject({ reminded: 1 })
    expect(await runCreditReminders(db)).toMatchObject({ reminded: 0 })
    setClock('2026-12-09T05:17:00Z') // 2 days before: the 3-day one was sent
    expect(await runCreditReminders(db)).toMatchObject({ reminded: 0 })
    setClock('2026-12-10T05:17:00Z') // 1 day before
    expect(await runCreditReminders(db)).toMatchObject({ reminded: 1 })
    const sent = await reminders()
    expect(sent).toHaveLength(2)
    expect(sent[0]).toContain(order.number)

    // The last minute of 11 Dec in Tehran is still in time; the next run after it marks it overdue.
    setClock('2026-12-11T20:29:00Z')
    expect(await runCreditReminders(db)).toMatchObject({ overdue: 0, reminded: 0 })
    setClock('2026-12-12T05:17:00Z')
    expect(await runCreditReminders(db)).toMatchObject({ overdue: 1 })
    const [invoice] = await db.select().from(creditInvoices).where(eq(creditInvoices.orderId, order.id))
    expect(invoice!.status).toBe('overdue')
    expect(await reminders()).toHaveLength(2)
  })
})
