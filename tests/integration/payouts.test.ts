import { and, eq } from 'drizzle-orm'
import ExcelJS from 'exceljs'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { constants } from '#app-config'
import { postEntry, sellerBalances } from '~/features/ledger/index.server'
import {
  listMyPayouts,
  listPayoutBatches,
  makeBatchNow,
  makePayoutBatch,
  markPayoutFailed,
  markPayoutPaid,
  payoutBankFile,
  payoutBatchDetail,
  payoutPeriodOf,
} from '~/features/payouts/index.server'
import { Route as fileRoute } from '~/routes/api/admin/payout-batches/$payoutBatchId/file'
import { setClock } from '~/server/clock.server'
import type { Db } from '~/server/db/client.server'
import { auditEvents, payoutLines, sellerPayoutAccounts } from '~/server/db/schema'
import { createSeller, createUser } from '../factories/create'
import { usingPostgres } from '../support/test-database'
import { apiRequest, closeAuthTestDatabase, openAuthTestDatabase, signInAs } from './auth-fixtures'
import { ledgerTotal, moveOrder, paidPath, pendingOrder, unbalancedEntries } from './ledger-fixtures'
import { authOf, statusOf } from './tickets-fixtures'

let db: Db
beforeAll(async () => {
  ;({ db } = await openAuthTestDatabase())
})
afterAll(closeAuthTestDatabase)
const start = Date.parse('2026-03-07T05:30:00Z') // Saturday 09:00 in Tehran, ISO week 2026-W10
beforeEach(() => setClock(start))

const MIN = constants.payouts.minimumRials
const SHEBA = 'IR820540102680020817909002'
let week = 20
/** A period no other test has used (each makes its own batch). */
const nextPeriod = () => `2030-W${String(week++).padStart(2, '0')}`

/** A seller with `available` rials available and (unless told otherwise) a payout account. */
async function sellerWith(available: number, account: 'current' | 'none' | 'held' = 'current') {
  const seller = await createSeller(db)
  if (available !== 0)
    await db.transaction((tx) =>
      postEntry(tx, {
        kind: 'adjustment',
        reference: { type: 'test', id: seller.id },
        idempotencyKey: `test-fund:${seller.id}`,
        lines: [
          { account: { kind: 'gateway_clearing' }, amount: available },
          { account: { kind: 'seller_available', sellerId: seller.id }, amount: -available },
        ],
      }),
    )
  if (account !== 'none')
    await db.insert(sellerPayoutAccounts).values({
      sellerId: seller.id,
      sheba: SHEBA,
      holderName: `Holder ${seller.id}`,
      bankCode: '054',
      createdAt: new Date(start - 10 * 86_400_000),
      payoutsHeldUntil: account === 'held' ? new Date(start + 3_600_000) : null,
    })
  return seller
}

const lineOf = async (batchId: number, sellerId: number) =>
  (
    await db
      .select()
      .from(payoutLines)
      .where(and(eq(payoutLines.batchId, batchId), eq(payoutLines.sellerId, sellerId)))
  )[0]

describe(`payouts (${usingPostgres() ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('names the period by the ISO week of the Tehran day', () => {
    expect(payoutPeriodOf(new Date(start))).toBe('2026-W10')
    // Sunday 21:00 UTC is already Monday in Tehran: the next week.
    expect(payoutPeriodOf(new Date('2026-03-08T21:00:00Z'))).toBe('2026-W11')
    expect(payoutPeriodOf(new Date('2026-03-08T20:00:00Z'))).toBe('2026-W10')
    expect(payoutPeriodOf(new Date('2027-01-01T12:00:00Z'))).toBe('2026-W53')
  })

  it('pays each eligible seller its whole available balance, skipping small, negative, held and account-less ones', async () => {
    const paid = await sellerWith(MIN + 234_567)
    const atMinimum = await sellerWith(MIN)
    const small = await sellerWith(MIN - 1)
    const negative = await sellerWith(-500_000)
    const held = await sellerWith(5 * MIN, 'held')
    const noSheba = await sellerWith(5 * MIN, 'none')
    // A seller whose balance comes from a real order, paid and completed.
    const fromOrder = await sellerWith(0)
    const order = await pendingOrder(db, { seller: fromOrder })
    await moveOrder(db, order.id, paidPath)
    const orderShare = (await sellerBalances(db, fromOrder.id)).available

    const made = await makePayoutBatch(db, { period: nextPeriod() })
    expect(made.created).toBe(true)
    expect((await lineOf(made.batch_id, paid.id))!.amount).toBe(MIN + 234_567)
    expect((await lineOf(made.batch_id, atMinimum.id))!.amount).toBe(MIN)
    expect((await lineOf(made.batch_id, fromOrder.id))!.amount).toBe(orderShare)
    for (const skipped of [small, negative, held, noSheba])
      expect(await lineOf(made.batch_id, skipped.id)).toBeUndefined()

    const line = (await lineOf(made.batch_id, paid.id))!
    expect(line).toMatchObject({
      status: 'in_transit',
      sheba: SHEBA,
      holderName: `Holder ${paid.id}`,
      bankCode: '054',
    })
    expect(line.reference).toBe(`OMD-P${line.id}`)
    expect(await sellerBalances(db, paid.id)).toMatchObject({ available: 0, inTransit: MIN + 234_567 })
    expect(await sellerBalances(db, small.id)).toMatchObject({ available: MIN - 1, inTransit: 0 })
    expect(await sellerBalances(db, held.id)).toMatchObject({ available: 5 * MIN, inTransit: 0 })
    expect(await unbalancedEntries(db)).toEqual([])
    expect(await ledgerTotal(db)).toBe(0)
  })

  it('makes a period’s batch once, even when two callers ask at the same time', async () => {
    const seller = await sellerWith(3 * MIN)
    const period = nextPeriod()
    const [a, b] = await Promise.all([makePayoutBatch(db, { period }), makePayoutBatch(db, { period })])
    expect([a.created, b.created].sort()).toEqual([false, true])
    expect(a.batch_id).toBe(b.batch_id)
    const again = await makePayoutBatch(db, { period })
    expect(again).toMatchObject({ created: false, batch_id: a.batch_id })
    const lines = await db.select().from(payoutLines).where(eq(payoutLines.sellerId, seller.id))
    expect(lines).toHaveLength(1)
    expect(await sellerBalances(db, seller.id)).toMatchObject({ available: 0, inTransit: 3 * MIN })
  })

  it('marks a line paid (out of transit into paid out) or failed (back to available), each once', async () => {
    const admin = await authOf(db, (await createUser(db, { isAdmin: true })).id)
    const paid = await sellerWith(2 * MIN)
    const failed = await sellerWith(4 * MIN)
    const made = await makePayoutBatch(db, { period: nextPeriod() })
    const paidLine = (await lineOf(made.batch_id, paid.id))!
    const failedLine = (await lineOf(made.batch_id, failed.id))!

    const view = await markPayoutPaid(db, admin, {
      payoutLineId: paidLine.id,
      bank_tracking: 'PAYA-140012345',
    })
    expect(view).toMatchObject({ status: 'paid', bank_tracking: 'PAYA-140012345' })
    expect(await sellerBalances(db, paid.id)).toMatchObject({ available: 0, inTransit: 0, paidOut: 2 * MIN })

    await markPayoutFailed(db, admin, { payoutLineId: failedLine.id, reason: 'Account closed' })
    expect(await sellerBalances(db, failed.id)).toMatchObject({
      available: 4 * MIN,
      inTransit: 0,
      paidOut: 0,
    })

    // Settled lines refuse a second settlement, either way, and nothing moves.
    expect(
      await statusOf(() => markPayoutPaid(db, admin, { payoutLineId: paidLine.id, bank_tracking: 'PAYA-2' })),
    ).toBe(409)
    expect(
      await statusOf(() => markPayoutFailed(db, admin, { payoutLineId: paidLine.id, reason: 'Again' })),
    ).toBe(409)
    expect(
      await statusOf(() =>
        markPayoutPaid(db, admin, { payoutLineId: failedLine.id, bank_tracking: 'PAYA-3' }),
      ),
    ).toBe(409)
    expect(await sellerBalances(db, paid.id)).toMatchObject({ paidOut: 2 * MIN })
    expect(await sellerBalances(db, failed.id)).toMatchObject({ available: 4 * MIN })

    const audit = await db.select().from(auditEvents).where(eq(auditEvents.recordType, 'payout_line'))
    expect(audit.map((event) => [event.action, event.recordId]).sort()).toEqual(
      [
        ['payout.line_failed', String(failedLine.id)],
        ['payout.line_paid', String(paidLine.id)],
      ].sort(),
    )
    expect(await unbalancedEntries(db)).toEqual([])

    // The failed seller's money goes out in a later batch.
    const later = await makePayoutBatch(db, { period: nextPeriod() })
    expect((await lineOf(later.batch_id, failed.id))!.amount).toBe(4 * MIN)
  })

  it('lists batches and lines for admins, and the seller its own payouts newest first', async () => {
    const adminId = (await createUser(db, { isAdmin: true })).id
    const admin = await authOf(db, adminId)
    const seller = await sellerWith(2 * MIN)
    const other = await sellerWith(2 * MIN)
    const made = await makePayoutBatch(db, { period: nextPeriod() })
    const line = (await lineOf(made.batch_id, seller.id))!
    await markPayoutPaid(db, admin, { payoutLineId: line.id, bank_tracking: 'TRK-777' })

    const batches = await listPayoutBatches(db, admin)
    const summary = batches.find((b) => b.id === made.batch_id)!
    expect(summary).toMatchObject({
      lines: made.lines,
      total: made.total,
      paid: 1,
      in_transit: made.lines - 1,
    })
    const detail = await payoutBatchDetail(db, admin, made.batch_id)
    expect(detail.lines.find((l) => l.seller_id === seller.id)).toMatchObject({
      sheba: SHEBA,
      status: 'paid',
    })

    const mine = await listMyPayouts(db, await authOf(db, seller.owner.id))
    expect(mine.payouts).toEqual([
      expect.objectContaining({
        id: line.id,
        amount: 2 * MIN,
        reference: `OMD-P${line.id}`,
        status: 'paid',
        bank_tracking: 'TRK-777',
      }),
    ])
    expect(mine.next).toBeNull()
    const theirs = await listMyPayouts(db, await authOf(db, other.owner.id))
    expect(theirs.payouts.map((p) => p.id)).not.toContain(line.id)
  })

  it('the admin’s button makes this week’s batch, audited, and pressing again makes nothing', async () => {
    const adminId = (await createUser(db, { isAdmin: true })).id
    const admin = await authOf(db, adminId)
    await sellerWith(2 * MIN)
    const made = await makeBatchNow(db, admin)
    expect(made).toMatchObject({ created: true, period: '2026-W10' })
    expect((await makeBatchNow(db, admin)).created).toBe(false)
    const audit = await db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.action, 'payout.batch_make'), eq(auditEvents.recordId, String(made.batch_id))),
      )
    expect(audit).toHaveLength(1)
    expect(audit[0]!.actorUserId).toBe(adminId)
  })

  it('refuses everyone but admins (and the seller list to non-sellers), changing nothing', async () => {
    const seller = await sellerWith(2 * MIN)
    const made = await makePayoutBatch(db, { period: nextPeriod() })
    const line = (await lineOf(made.batch_id, seller.id))!
    const buyer = await authOf(db, (await createUser(db)).id)
    const owner = await authOf(db, seller.owner.id)
    for (const auth of [null, buyer, owner]) {
      const expected = auth ? 403 : 401
      expect(await statusOf(() => listPayoutBatches(db, auth))).toBe(expected)
      expect(await statusOf(() => payoutBatchDetail(db, auth, made.batch_id))).toBe(expected)
      expect(await statusOf(() => makeBatchNow(db, auth))).toBe(expected)
      expect(
        await statusOf(() => markPayoutPaid(db, auth, { payoutLineId: line.id, bank_tracking: 'TRK-1' })),
      ).toBe(expected)
      expect(await statusOf(() => markPayoutFailed(db, auth, { payoutLineId: line.id, reason: 'No' }))).toBe(
        expected,
      )
      expect(await statusOf(() => payoutBankFile(db, auth, made.batch_id, 'csv'))).toBe(expected)
    }
    expect(await statusOf(() => listMyPayouts(db, null))).toBe(401)
    expect(await statusOf(() => listMyPayouts(db, buyer))).toBe(403)
    expect((await lineOf(made.batch_id, seller.id))!.status).toBe('in_transit')
  })

  it('downloads the bank file as CSV and XLSX for admins only', async () => {
    const adminId = (await createUser(db, { isAdmin: true })).id
    const a = await sellerWith(2 * MIN)
    const b = await sellerWith(3 * MIN)
    const made = await makePayoutBatch(db, { period: nextPeriod() })
    const lineA = (await lineOf(made.batch_id, a.id))!
    const lineB = (await lineOf(made.batch_id, b.id))!
    // A settled line is no longer in the file.
    await markPayoutFailed(db, await authOf(db, adminId), { payoutLineId: lineA.id, reason: 'Wrong name' })
    const get = (
      fileRoute.options as unknown as {
        server: {
          handlers: Record<
            'GET',
            (ctx: { request: Request; params: Record<string, string> }) => Promise<Response>
          >
        }
      }
    ).server.handlers.GET
    const download = async (userId: number | null, format: string) => {
      const bearer = userId ? (await signInAs(db, userId)).accessToken : undefined
      return get({
        request: apiRequest(`/api/admin/payout-batches/${made.batch_id}/file?format=${format}`, { bearer }),
        params: { payoutBatchId: String(made.batch_id) },
      })
    }

    const csv = await download(adminId, 'csv')
    expect(csv.status).toBe(200)
    expect(csv.headers.get('content-disposition')).toContain('omdeh-payouts-')
    const rows = (await csv.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n')
    expect(rows).toHaveLength(made.lines) // the header and every line but the failed one
    expect(rows).toContain(
      `${rows.findIndex((r) => r.includes(lineB.reference))},${SHEBA},${3 * MIN},Holder ${b.id},${lineB.reference}`,
    )
    expect(rows.some((r) => r.includes(lineA.reference))).toBe(false)

    const xlsx = await download(adminId, 'xlsx')
    expect(xlsx.status).toBe(200)
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(await xlsx.arrayBuffer())
    const sheet = workbook.worksheets[0]!
    expect(sheet.rowCount).toBe(made.lines)
    const values = sheet
      .getSheetValues()
      .slice(2)
      .map((row) => (row as unknown[]).slice(2))
    expect(values).toContainEqual([SHEBA, 3 * MIN, `Holder ${b.id}`, lineB.reference])

    expect((await download(null, 'csv')).status).toBe(401)
    expect((await download(b.owner.id, 'csv')).status).toBe(403)
    expect((await download((await createUser(db)).id, 'xlsx')).status).toBe(403)
  })
})
