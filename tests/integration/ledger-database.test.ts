import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { postEntry } from '~/features/ledger/index.server'
import { selectRows, type Db } from '~/server/db/client.server'
import { createSeller } from '../factories/create'
import { createTestDatabase, usingPostgres } from '../support/test-database'

let db: Db
let close: () => Promise<void>
beforeAll(async () => {
  const handle = await createTestDatabase()
  db = handle.db
  close = handle.close
})
afterAll(() => close())

const failure = (e: unknown) => String((e as { cause?: unknown }).cause ?? e)

/** A raw entry (bypassing postEntry) with these amounts on the clearing and commission accounts. */
async function rawEntry(key: string, amounts: number[]) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`insert into ledger_accounts (kind) values ('gateway_clearing'), ('commission_revenue')
                         on conflict do nothing`)
    await tx.execute(sql`insert into ledger_entries (kind, reference_type, reference_id, idempotency_key)
                         values ('adjustment', 'test', '1', ${key})`)
    for (const [i, amount] of amounts.entries())
      await tx.execute(sql`insert into ledger_lines (entry_id, account_id, amount)
        select (select id from ledger_entries where idempotency_key = ${key}),
               (select id from ledger_accounts where kind = ${i % 2 ? 'commission_revenue' : 'gateway_clearing'}::ledger_account_kind
                  and seller_id is null and buyer_user_id is null), ${amount}`)
  })
}

describe(`the ledger's database rules (${usingPostgres() ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('commits a balanced entry written by hand', async () => {
    await expect(rawEntry('raw-balanced', [500, -500])).resolves.toBeUndefined()
  })

  it('refuses at commit an entry whose lines do not sum to zero, and keeps nothing of it', async () => {
    const error = await rawEntry('raw-unbalanced', [500, -499]).catch((e: unknown) => e)
    expect(failure(error)).toMatch(/does not balance/)
    const rows = await selectRows(
      db,
      sql`select 1 from ledger_entries where idempotency_key = 'raw-unbalanced'`,
    )
    expect(rows).toHaveLength(0)
  })

  it('refuses an entry with one line, or none', async () => {
    expect(failure(await rawEntry('raw-single', []).catch((e: unknown) => e))).toMatch(/at least two/)
    const seller = await createSeller(db)
    const error = await db
      .transaction(async (tx) => {
        await postEntry(tx, {
          kind: 'adjustment',
          reference: { type: 'test', id: 2 },
          idempotencyKey: 'one-sided',
          lines: [
            { account: { kind: 'seller_available', sellerId: seller.id }, amount: 10 },
            { account: { kind: 'commission_revenue' }, amount: -10 },
          ],
        })
        // A line added by hand afterwards unbalances the entry: the commit is refused.
        await tx.execute(sql`insert into ledger_lines (entry_id, account_id, amount)
          select id, (select id from ledger_accounts where kind = 'commission_revenue'), 1
          from ledger_entries where idempotency_key = 'one-sided'`)
      })
      .catch((e: unknown) => e)
    expect(failure(error)).toMatch(/does not balance/)
  })

  it('refuses to change, delete or truncate entries and lines', async () => {
    await rawEntry('raw-kept', [700, -700])
    for (const statement of [
      sql`update ledger_lines set amount = amount * 2`,
      sql`delete from ledger_lines`,
      sql`update ledger_entries set memo = 'changed'`,
      sql`delete from ledger_entries`,
      sql`truncate ledger_lines`,
      sql`truncate ledger_entries cascade`,
    ])
      expect(failure(await db.execute(statement).catch((e: unknown) => e))).toMatch(/append-only/)
  })

  it('refuses a line of zero', async () => {
    expect(failure(await rawEntry('raw-zero', [0, 0]).catch((e: unknown) => e))).toMatch(
      /ledger_lines_amount_nonzero/,
    )
  })

  it('refuses in code, before the database, an unbalanced entry or a seller account without a seller', async () => {
    await expect(
      db.transaction((tx) =>
        postEntry(tx, {
          kind: 'adjustment',
          reference: { type: 'test', id: 3 },
          idempotencyKey: 'code-unbalanced',
          lines: [
            { account: { kind: 'gateway_clearing' }, amount: 10 },
            { account: { kind: 'commission_revenue' }, amount: -9 },
          ],
        }),
      ),
    ).rejects.toThrow(/does not balance/)
    await expect(
      db.transaction((tx) =>
        postEntry(tx, {
          kind: 'adjustment',
          reference: { type: 'test', id: 3 },
          idempotencyKey: 'code-no-seller',
          lines: [
            { account: { kind: 'seller_pending' }, amount: 10 },
            { account: { kind: 'commission_revenue' }, amount: -10 },
          ],
        }),
      ),
    ).rejects.toThrow(/needs a seller/)
  })
})
