/**
 * Run by scripts/bench-basket.mjs (under tsx): N buyers with live sessions on the database in
 * DATABASE_URL, each with a basket of a few items from several sellers, made with the test
 * factories and the app's own session code. Prints `{ buyers: [{ token, skus }], skus }` as JSON.
 */
// Relative imports: scripts run under plain tsx, outside the app's bundler aliases.
import { sql } from 'drizzle-orm'
import { addItem } from '../src/features/basket/basket.server'
import { createSession } from '../src/server/auth/session.server'
import { openDatabase, selectRows } from '../src/server/db/client.server'
import { createUser } from '../tests/factories/create'

const url = process.env.DATABASE_URL
if (!url) throw new Error('DATABASE_URL is required')
const count = Number(process.env.BENCH_BUYERS ?? 50)

const handle = await openDatabase({ kind: 'postgres', url })
try {
  // Live offers of different sellers, cheapest first: what buyers would add.
  const offers = await selectRows<{ sku: string; seller_id: number }>(
    handle.db,
    sql`
      select distinct on (st.seller_id) s.sku, st.seller_id
      from skus s
      join stores st on st.id = s.store_id and st.status = 'active'
      join sellers se on se.id = st.seller_id and se.status = 'approved'
      join products p on p.id = s.product_id and p.status = 'active'
      where s.status = 'active' and exists (
        select 1 from prices pr where pr.sku_id = s.id and pr.valid_from <= now()
          and (pr.valid_to is null or now() < pr.valid_to))
      order by st.seller_id, s.id
      limit 40
    `,
  )
  if (offers.length < 8) throw new Error('the bench database has too few live offers (is the demo seeded?)')
  const buyers = []
  for (let i = 0; i < count; i++) {
    const user = await createUser(handle.db, { firstName: 'Bench', lastName: `Buyer ${i + 1}` })
    const session = await createSession(handle.db, user.id, { ip: '127.0.0.1', userAgent: 'bench-basket' })
    // Four lines from four sellers: a typical basket to read back.
    const mine = Array.from({ length: 4 }, (_, k) => offers[(i * 4 + k) % offers.length]!.sku)
    for (const sku of mine) await addItem(handle.db, user.id, { sku, quantity: 2 })
    buyers.push({ token: session.accessToken, skus: mine })
  }
  process.stdout.write(JSON.stringify({ buyers, skus: offers.map((o) => o.sku) }))
} finally {
  await handle.close()
}
