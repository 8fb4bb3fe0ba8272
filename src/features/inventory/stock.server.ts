import '@tanstack/react-start/server-only'
import { sql } from 'drizzle-orm'
import { textInLocale } from '~/lib/i18n'
import { refreshProductListings } from '~/features/catalog/index.server'
import { recordAuditEvent } from '~/server/audit/audit.server'
import { requireApprovedSeller, type SellerActor } from '~/server/auth/guards.server'
import type { AuthContext } from '~/server/auth/session.server'
import { selectRows, type Db, type DbOrTx } from '~/server/db/client.server'
import { HttpError, notFound } from '~/server/http/api-errors.server'
import { changeStock } from './stock-ledger.server'
import {
  LEDGER_PAGE_SIZE,
  targetStock,
  type LedgerPage,
  type SkuStockView,
  type StockMovementView,
} from './stock.schemas'
import type * as v from 'valibot'
import type { adjustStockInput, ledgerPageInput } from './stock.schemas'
import { m } from '~/lib/messages'

/**
 * One SKU's stock and its ledger (issue #16, /seller/inventory/stock/{sku}). The owner and the
 * seller's observers read and adjust it (DOMAIN.md: observers process stock); another seller's SKU
 * answers 404. An adjustment is one transaction: the ledger row, the audit event and the refresh of
 * the product's listing (in stock or not).
 */

const stockActor = (auth: AuthContext | null) => requireApprovedSeller(auth, { allowObserver: true })

interface SkuRow {
  sku_id: number
  sku: string
  product_id: number
  product_name: string
  product_slug: string
  image: string | null
  store_id: number
  store_name: string
  store_name_fa: string | null
  unit: string
  always_available: boolean
  status: string
  stock: number
  low_stock_threshold: number
}

/** The SKU by its code when one of the actor's stores offers it; 404 otherwise. */
async function ownedSkuByCode(db: DbOrTx, actor: SellerActor, code: string): Promise<SkuRow> {
  const [row] = await selectRows<SkuRow>(
    db,
    sql`
      select s.id as sku_id, s.sku, pr.id as product_id, pr.name as product_name, pr.slug as product_slug,
        (select ph.url from product_photos ph where ph.product_id = pr.id order by ph.position, ph.id limit 1) as image,
        st.id as store_id, st.name as store_name, st.name_fa as store_name_fa, pr.unit, s.always_available, s.status::text as status,
        s.remaining_quantity as stock, s.low_stock_threshold
      from skus s
      join stores st on st.id = s.store_id
      join products pr on pr.id = s.product_id
      where s.sku = ${code} and st.seller_id = ${actor.sellerId}
    `,
  )
  if (!row) throw notFound(m.server_error_sku_not_found())
  return row
}

export async function getSkuStock(db: Db, auth: AuthContext | null, code: string): Promise<SkuStockView> {
  const actor = stockActor(auth)
  const row = await ownedSkuByCode(db, actor, code)
  const [reserved] = await selectRows<{ units: number }>(
    db,
    sql`select coalesce(sum(ol.quantity), 0)::int as units
        from order_lines ol join orders o on o.id = ol.order_id
        where ol.sku_id = ${row.sku_id} and o.status = 'pending_payment'`,
  )
  const history = await selectRows<{ at: Date | string; quantity: number }>(
    db,
    sql`select created_at as at, resulting_quantity as quantity from (
          select id, created_at, resulting_quantity from stock_movements
          where sku_id = ${row.sku_id} order by id desc limit 200
        ) last order by id`,
  )
  return {
    skuId: Number(row.sku_id),
    sku: row.sku,
    productName: row.product_name,
    productSlug: row.product_slug,
    image: row.image,
    storeId: Number(row.store_id),
    storeName: textInLocale(row.store_name, row.store_name_fa),
    unit: row.unit,
    alwaysAvailable: row.always_available,
    status: row.status,
    stock: Number(row.stock),
    lowStockThreshold: Number(row.low_stock_threshold),
    reservedUnpaid: Number(reserved?.units ?? 0),
    history: history.map((h) => ({ at: new Date(h.at).toISOString(), quantity: Number(h.quantity) })),
  }
}

export async function getStockLedger(
  db: Db,
  auth: AuthContext | null,
  input: v.InferOutput<typeof ledgerPageInput>,
): Promise<LedgerPage> {
  const actor = stockActor(auth)
  const row = await ownedSkuByCode(db, actor, input.sku)
  const rows = await selectRows<{
    id: number
    kind: StockMovementView['kind']
    delta: number
    resulting_quantity: number
    actor: string | null
    reason: string | null
    note: string | null
    order_number: string | null
    import_id: number | null
    at: Date | string
    total: number
  }>(
    db,
    sql`
      select m.id, m.kind, m.delta, m.resulting_quantity,
        nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '') as actor,
        m.reason, m.note, o.number as order_number, m.import_id, m.created_at as at,
        count(*) over ()::int as total
      from stock_movements m
      left join users u on u.id = m.actor_user_id
      left join orders o on o.id = m.order_id
      where m.sku_id = ${row.sku_id}
      order by m.id desc
      limit ${LEDGER_PAGE_SIZE} offset ${(input.page - 1) * LEDGER_PAGE_SIZE}
    `,
  )
  return {
    items: rows.map((r) => ({
      id: Number(r.id),
      kind: r.kind,
      delta: Number(r.delta),
      resultingQuantity: Number(r.resulting_quantity),
      actor: r.actor,
      ...systemWritten(r.reason, r.note),
      orderNumber: r.order_number,
      importId: r.import_id === null ? null : Number(r.import_id),
      at: new Date(r.at).toISOString(),
    })),
    total: Number(rows[0]?.total ?? 0),
    page: input.page,
    perPage: LEDGER_PAGE_SIZE,
  }
}

/**
 * Rows written before the system's ledger notes were codes carry an English sentence as their note:
 * read them as the code, so the page words them in the reader's language like newer rows.
 */
const OLD_SYSTEM_NOTES: Record<string, string> = {
  'Counted stock again (was always available)': 'recount',
}
function systemWritten(reason: string | null, note: string | null) {
  const code = note === null ? undefined : OLD_SYSTEM_NOTES[note]
  return code ? { reason: code, note: null } : { reason, note }
}

/**
 * A person's stock change: set to N, add N or remove N, from the figure they saw. A figure that
 * moved meanwhile (an order came in) is a 409 with the current stock, never an overwrite.
 */
export async function adjustStock(
  db: Db,
  auth: AuthContext | null,
  input: v.InferOutput<typeof adjustStockInput>,
): Promise<{ stock: number; moved: boolean }> {
  const actor = stockActor(auth)
  return db.transaction(async (tx) => {
    const row = await ownedSkuByCode(tx, actor, input.sku)
    if (row.always_available)
      throw new HttpError(422, m.inventory_always_available_no_stock(), {
        quantity: [m.inventory_always_available_no_stock()],
      })
    // The lock and the stale check are changeStock's: the figure seen must still be the figure.
    const after = targetStock(input.expected, input.mode, input.quantity)
    const result = await changeStock(tx, {
      skuId: Number(row.sku_id),
      expected: input.expected,
      setTo: after,
      kind: 'adjustment',
      actorUserId: actor.auth.user.id,
      reason: input.reason,
      note: input.note || null,
    })
    if (!result) throw notFound(m.server_error_sku_not_found())
    if (!result.moved) return { stock: result.after, moved: false }
    await recordAuditEvent(tx, {
      actorUserId: actor.auth.user.id,
      sellerId: actor.sellerId,
      action: 'stock.adjust',
      recordType: 'sku',
      recordId: Number(row.sku_id),
      before: { stock: result.before },
      after: { stock: result.after },
      reason: [input.reason, input.note].filter(Boolean).join(': '),
    })
    // The listing shows availability (and out-of-stock offers leave it): it follows in this transaction.
    await refreshProductListings(tx, [Number(row.product_id)])
    return { stock: result.after, moved: true }
  })
}
