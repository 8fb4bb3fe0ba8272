import { randomBytes } from 'node:crypto'
import { sql } from 'drizzle-orm'
import postgres from 'postgres'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, selectRows, type DatabaseHandle } from '~/server/db/client.server'
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

describe.runIf(usingPostgres())('migrations by several instances at once (PostgreSQL)', () => {
  it('three processes migrating one empty database together all succeed, one after another', async () => {
    const serverUrl = process.env.TEST_DATABASE_URL!
    const name = `omdeh_race_${randomBytes(5).toString('hex')}`
    const admin = postgres(serverUrl, { max: 1, onnotice: () => {} })
    await admin.unsafe(`create database ${name}`)
    const url = new URL(serverUrl)
    url.pathname = `/${name}`
    const handles = await Promise.all(
      [1, 2, 3].map(() => openDatabase({ kind: 'postgres', url: url.toString() })),
    )
    try {
      // Without the start-up lock two of them fail on "create schema drizzle" or "create extension".
      await Promise.all(handles.map((h) => h.exclusive(() => h.migrate())))
      const [row] = await selectRows<{ n: number; distinct: number }>(
        handles[0]!.db,
        sql`select count(*)::int as n, count(distinct hash)::int as distinct from drizzle.__drizzle_migrations`,
      )
      expect(row!.n).toBeGreaterThan(10)
      expect(row!.distinct).toBe(row!.n)
    } finally {
      await Promise.all(handles.map((h) => h.close()))
      await admin.unsafe(`drop database if exists ${name} with (force)`)
      await admin.end()
    }
  })
})
