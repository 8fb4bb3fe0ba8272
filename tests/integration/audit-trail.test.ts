import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { changedFields, recordAuditEvent } from '~/server/audit/audit.server'
import type { DatabaseHandle } from '~/server/db/client.server'
import { auditEvents } from '~/server/db/schema'
import { cachedGuestPage } from '~/server/http/page-cache.server'
import { requestScope, rootLogger, type RequestScope } from '~/server/log.server'
import { createSeller } from '../factories/create'
import { createTestDatabase } from '../support/test-database'

const mode = { dev: false, https: false }

let handle: DatabaseHandle

beforeAll(async () => {
  handle = await createTestDatabase()
})
afterAll(async () => {
  await handle.close()
})

describe('audit trail', () => {
  it('keeps only the fields that changed, with both values', () => {
    expect(
      changedFields({ name: 'A', city: 'Tehran', tags: [1] }, { name: 'B', city: 'Tehran', tags: [1, 2] }),
    ).toEqual({ name: { before: 'A', after: 'B' }, tags: { before: [1], after: [1, 2] } })
    expect(changedFields(null, { name: 'New' })).toEqual({ name: { before: null, after: 'New' } })
    expect(changedFields({ name: 'Gone' }, null)).toEqual({ name: { before: 'Gone', after: null } })
  })

  it('exists exactly when the transaction that made the change commits', async () => {
    const { db } = handle
    const seller = await createSeller(db)
    const user = seller.owner
    const event = {
      actorUserId: user.id,
      sellerId: seller.id,
      action: 'store.update',
      recordType: 'store',
      recordId: 42,
      before: { name: 'Old' },
      after: { name: 'New' },
    }
    await expect(
      db.transaction(async (tx) => {
        await recordAuditEvent(tx, event)
        throw new Error('business rule failed')
      }),
    ).rejects.toThrow('business rule failed')
    expect(await db.select().from(auditEvents).where(eq(auditEvents.sellerId, seller.id))).toHaveLength(0)

    await db.transaction((tx) => recordAuditEvent(tx, event))
    const rows = await db.select().from(auditEvents).where(eq(auditEvents.sellerId, seller.id))
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      actorUserId: user.id,
      action: 'store.update',
      recordId: '42',
      changes: { name: { before: 'Old', after: 'New' } },
    })
  })

  it("marks the request whose change may show on guests' cached pages, and clears them at once outside a request", async () => {
    const { db } = handle
    const seller = await createSeller(db)
    let renders = 0
    const page = () =>
      cachedGuestPage(new Request('http://shop.test/magazine'), { nonce: 'n', mode }, async () => {
        renders++
        return new Response(`<p>${renders}</p>`, { headers: { 'content-type': 'text/html' } })
      })
    const event = {
      actorUserId: seller.owner.id,
      sellerId: seller.id,
      action: 'magazine.publish',
      recordType: 'magazine',
      recordId: 7,
    }
    await page()
    const scope: RequestScope = { requestId: 'audit-test-request', log: rootLogger, cspNonce: 'n' }
    await requestScope.run(scope, () => recordAuditEvent(db, event))
    expect(scope.recordedChange).toBe(true)
    await page()
    expect(renders).toBe(1)
    await recordAuditEvent(db, event)
    await page()
    expect(renders).toBe(2)
  })
})
