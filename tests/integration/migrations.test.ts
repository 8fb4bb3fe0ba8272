import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { selectRows, type DatabaseHandle } from '~/server/db/client.server'
import { createTestDatabase, usingPostgres } from '../support/test-database'

describe(`migrations on ${usingPostgres() ? 'PostgreSQL' : 'PGlite'}`, () => {
  let handle: DatabaseHandle

  beforeAll(async () => {
    handle = await createTestDatabase()
  })
  afterAll(async () => {
    await handle.close()
  })

  it('creates every catalogue and people table', async () => {
    const rows = await selectRows<{ table_name: string }>(
      handle.db,
      sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
    )
    expect(rows.map((r) => r.table_name)).toEqual(
      expect.arrayContaining([
        'brands',
        'categories',
        'prices',
        'product_attributes',
        'product_photos',
        'products',
        'sellers',
        'skus',
        'stores',
        'users',
      ]),
    )
  })

  it('loads pg_trgm so that similarity search works', async () => {
    const rows = await selectRows<{ score: number }>(
      handle.db,
      sql`select similarity('detergent', 'detergant') as score`,
    )
    expect(Number(rows[0]?.score)).toBeGreaterThan(0.4)
  })

  it('is safe to apply twice', async () => {
    await expect(handle.migrate()).resolves.not.toThrow()
  })

  it('refuses an offer price that is not below the unit price', async () => {
    // Checks run before foreign keys, so no SKU is needed to see the constraint refuse the row.
    const error = await handle.db
      .execute(
        sql`insert into prices (sku_id, unit_price, offer_price, price_per_piece) values (1, 100, 100, 100)`,
      )
      .catch((e: unknown) => e)
    expect(String((error as { cause?: unknown }).cause ?? error)).toMatch(/prices_offer_price_below_unit/)
  })
})
