import { asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { changeStock } from '~/features/inventory/stock-ledger.server'
import type { Db } from '~/server/db/client.server'
import { skus, stockMovements, users } from '~/server/db/schema'
import { createSku, createUser } from '../factories/create'
import { usingPostgres } from '../support/test-database'
import { closeAuthTestDatabase, openAuthTestDatabase } from './auth-fixtures'

let db: Db

beforeAll(async () => {
  ;({ db } = await openAuthTestDatabase())
})
afterAll(closeAuthTestDatabase)

const ledgerOf = (skuId: number) =>
  db.select().from(stockMovements).where(eq(stockMovements.skuId, skuId)).orderBy(asc(stockMovements.id))

/** An SKU with an opening row and one manual change by `actorUserId`. */
async function skuWithLedger(actorUserId: number | null = null) {
  const sku = await createSku(db, { remainingQuantity: 30 })
  await db.transaction((tx) =>
    changeStock(tx, {
      skuId: sku.id,
      setTo: 20,
      expected: 30,
      kind: 'adjustment',
      actorUserId,
      reason: 'damaged',
    }),
  )
  return sku
}

/** The database's refusal, or null when the statement went through. */
async function refusal(run: () => Promise<unknown>): Promise<string | null> {
  try {
    await run()
    return null
  } catch (error) {
    const cause = (error as { cause?: { message?: string } }).cause
    return cause?.message ?? (error as Error).message
  }
}

describe(`the stock ledger is append-only in the database (${usingPostgres() ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('refuses to change or delete a movement, even from SQL, and the row stays as it was', async () => {
    const sku = await skuWithLedger()
    const before = await ledgerOf(sku.id)
    const last = before.at(-1)!
    expect(
      await refusal(() => db.update(stockMovements).set({ delta: -5 }).where(eq(stockMovements.id, last.id))),
    ).toMatch(/append-only: movement \d+ cannot be changed/)
    expect(
      await refusal(() =>
        db.update(stockMovements).set({ note: 'rewritten' }).where(eq(stockMovements.id, last.id)),
      ),
    ).toMatch(/cannot be changed/)
    expect(await refusal(() => db.delete(stockMovements).where(eq(stockMovements.id, last.id)))).toMatch(
      /append-only: movement \d+ cannot be deleted/,
    )
    expect(await ledgerOf(sku.id)).toEqual(before)
  })

  it('refuses to clear the actor of a movement while that user exists; deleting the user clears it', async () => {
    const person = await createUser(db)
    const sku = await skuWithLedger(person.id)
    const last = (await ledgerOf(sku.id)).at(-1)!
    expect(last.actorUserId).toBe(person.id)
    expect(
      await refusal(() =>
        db.update(stockMovements).set({ actorUserId: null }).where(eq(stockMovements.id, last.id)),
      ),
    ).toMatch(/cannot be changed/)
    await db.delete(users).where(eq(users.id, person.id))
    const after = (await ledgerOf(sku.id)).at(-1)!
    expect(after).toEqual({ ...last, actorUserId: null })
  })

  it('lets a deleted SKU take its movements with it', async () => {
    const sku = await skuWithLedger()
    expect(await ledgerOf(sku.id)).toHaveLength(2)
    await db.delete(skus).where(eq(skus.id, sku.id))
    expect(await ledgerOf(sku.id)).toEqual([])
  })
})
