import '@tanstack/react-start/server-only'
import { sql, type SQL } from 'drizzle-orm'
import { type MovedStock, alertLowStockFalls } from '~/features/inventory/index.server'
import { m } from '~/lib/messages'
import { selectRows, type Tx } from '~/server/db/client.server'
import { prices, skus, stockImportRows, stockMovements } from '~/server/db/schema'

/**
 * Applying and reverting an import's rows as set-based statements that read the staged rows
 * (`import_rows`) where they lie, in PostgreSQL: a handful of statements per range of rows,
 * whatever its size, and no row travels to the application and back. Both run inside the caller's
 * transaction, after the caller has locked the SKUs (`lockRangeSkus`), so the figures each
 * statement reads are the live ones and stay so until commit.
 *
 * The staged rows hold everything needed: `expected_stock` (the stock guard), `before`/`after`
 * (the diff), and after applying, `applied` (the ledger movement and the tiers ended, removed and
 * added), which is what the revert undoes.
 */

/**
 * Milliseconds spent in each group of statements, summed over the ranges: filled only when a caller
 * (the bench) passes one, to tell which part of an apply or revert the time goes to.
 */
export type PhaseTimings = Record<string, number>

/** Runs `work`, adding its wall time to `timings[name]` when timings are kept. */
export async function timed<T>(
  timings: PhaseTimings | undefined,
  name: string,
  work: () => Promise<T>,
): Promise<T> {
  if (!timings) return work()
  const started = performance.now()
  try {
    return await work()
  } finally {
    timings[name] = (timings[name] ?? 0) + performance.now() - started
  }
}

/** A range of an import's rows: row numbers in (after, upto]. */
export interface RowRange {
  importId: number
  after: number
  upto: number
}

const inRange = (r: SQL, range: RowRange) =>
  sql`${r}.import_id = ${range.importId}::int and ${r}.row_number > ${range.after}::int
      and ${r}.row_number <= ${range.upto}::int`

const stampOf = (at: Date) => sql`${at.toISOString()}::timestamptz`

/** ISO 8601 in UTC with milliseconds, as `Date.prototype.toISOString` writes it. */
const isoText = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`

/**
 * The row number that ends the next range of at most `size` rows matching `where` after `after`
 * (keyset over the row-number index), or null when none is left.
 */
export async function nextRangeEnd(
  tx: Tx,
  importId: number,
  after: number,
  size: number,
  where: SQL,
): Promise<number | null> {
  const [row] = await selectRows<{ upto: number | null }>(
    tx,
    sql`select max(row_number) as upto from (
          select r.row_number from ${stockImportRows} r
          where r.import_id = ${importId}::int and r.row_number > ${after}::int and ${where}
          order by r.row_number limit ${size}::int) picked`,
  )
  return row?.upto === null || row?.upto === undefined ? null : Number(row.upto)
}

/** Locks the SKUs of a range's rows that match `where`, in id order (the order every writer uses). */
export async function lockRangeSkus(tx: Tx, range: RowRange, where: SQL): Promise<void> {
  await tx.execute(sql`
    select count(*) from (
      select s.id from ${skus} s join ${stockImportRows} r on r.sku_id = s.id
      where ${inRange(sql`r`, range)} and ${where}
      order by s.id for update of s) locked`)
}

/**
 * Turns the `prices` triggers' refresh of the SKUs' stored entry tier off (or back on) for the
 * rest of the transaction: the import's price statements would otherwise rewrite every SKU row
 * once per statement, and then once more for its stock. Whoever turns it off writes the entry of
 * the SKUs whose tiers it changed itself (`entryAssignments`), before turning it back on.
 */
async function deferSkuEntry(tx: Tx, deferred: boolean): Promise<void> {
  await tx.execute(sql`select set_config('omdeh.sku_entry_deferred', ${deferred ? 'on' : 'off'}, true)`)
}

/**
 * In an update of `skus s` joined to an import row `r` and `entryJoin`: the SKU's stored entry tier
 * (the `skus_entry_of` query, the triggers' own) when the row changed its tiers, else as it was.
 * The query runs only for rows that changed tiers (an empty array gives no row): a join condition
 * on the lateral call would still run it for every row and then drop the result.
 */
const entryJoin = sql`left join lateral skus_entry_of(
  case when r.after ? 'tiers' then array[r.sku_id] else '{}'::int[] end) e on true`
const entryAssignments = sql.join(
  ['entry_unit_price', 'entry_offer_price', 'active_tiers', 'entry_from', 'entry_until'].map((column) =>
    sql.raw(`${column} = case when e.id is null then s.${column} else e.${column} end`),
  ),
  sql`, `,
)

/** Rows of a range still waiting to be applied. */
export const PENDING = sql`r.outcome = 'update' and r.result is null`

/**
 * The stock guard, as a query of (id, row_number, reason) over a range's pending rows that may not
 * be applied: the SKU is gone, its stock moved since the file was made, or its tiers changed since
 * the dry run. Read under the SKU locks, so the answer holds until commit.
 */
function staleReasons(range: RowRange, when: Date): SQL {
  const at = stampOf(when)
  // The reasons are kept on the rows in the language of whoever applies (the job carries it).
  const [nowBefore, nowAfter] = m.tools_stale_stock_now({ now: '\u0000' }).split('\u0000')
  return sql`select * from (
      select r.id, r.row_number, case
        when s.id is null then ${m.tools_stale_sku_gone()}::text
        when r.expected_stock is not null and r.expected_stock <> s.remaining_quantity
          then ${nowBefore ?? ''}::text || s.remaining_quantity || ${nowAfter ?? ''}::text
        when r.after ? 'tiers' and
          coalesce((select array_agg(p.id order by p.id) from ${prices} p
                    where p.sku_id = s.id and (p.valid_to is null or p.valid_to > ${at})), '{}')
          <> coalesce((select array_agg((b ->> 'id')::int order by (b ->> 'id')::int)
                       from jsonb_array_elements(r.before -> 'tiers') b where b ? 'id'), '{}')
          then ${m.tools_stale_tiers_changed()}::text
      end as reason
      from ${stockImportRows} r left join ${skus} s on s.id = r.sku_id
      where ${inRange(sql`r`, range)} and ${PENDING}
    ) checked where reason is not null`
}

/** The pending rows of a range the stock guard would refuse, with the reason, in row order. */
export async function staleRows(
  tx: Tx,
  range: RowRange,
  at: Date,
): Promise<{ id: number; rowNumber: number; reason: string }[]> {
  const rows = await selectRows<{ id: number; row_number: number; reason: string }>(
    tx,
    sql`${staleReasons(range, at)} order by row_number`,
  )
  return rows.map((r) => ({ id: Number(r.id), rowNumber: Number(r.row_number), reason: r.reason }))
}

/** The identity sequences whose next values an apply hands out before it inserts the rows. */
const PRICE_IDS = sql.raw(`'prices_id_seq'`)
const MOVEMENT_IDS = sql.raw(`'stock_movements_id_seq'`)

/**
 * Applies the pending rows of a range: rows whose SKU is gone, whose stock moved since the file was
 * made (the stock guard) or whose tiers changed since the dry run become `stale` with the reason
 * added to their warnings; the others change tiers, "always available" and stock (one ledger
 * movement each), and become `applied` with what was done. Returns how many rows it applied.
 *
 * Each import row is written once: it is marked `applied` first, with everything the revert needs
 * (the tiers it ends and removes, read before they change, and the ids of the tiers and the ledger
 * movement it adds, taken from their identity sequences), and the statements that follow insert
 * the tiers and movements under those ids. Marking the rows afterwards instead meant a second
 * rewrite of every row, and a look-up of what had been added, per row.
 */
export async function applyRange(
  tx: Tx,
  range: RowRange,
  context: {
    actorUserId: number | null
    at: Date
    timings?: PhaseTimings
    /** The caller's transaction already found none of the range's rows stale, under its locks. */
    guarded?: boolean
  },
): Promise<{ applied: number; stale: number }> {
  const at = stampOf(context.at)
  const step = <T>(name: string, work: () => Promise<T>) => timed(context.timings, name, work)

  const stale = context.guarded
    ? []
    : await step('stock guard (stale rows)', () =>
        selectRows<{ id: number }>(
          tx,
          sql`update ${stockImportRows} t set result = 'stale', warnings = t.warnings || jsonb_build_array(v.reason)
            from (${staleReasons(range, context.at)}) v
            where t.id = v.id
            returning t.id`,
        ),
      )

  // The range's ready rows become `applied`, with what they replace and the ids of what they add.
  // The live stock is read under the SKU's lock: the stock moves (and a movement id is taken) when
  // it differs from the row's new figure. The statement also counts rows of the range that were
  // applied before it (none: the pending rows of an import follow its applied ones, and ranges
  // are cut from the pending rows), because the statements below find this range's rows as the
  // applied rows from its first one on.
  const current = sql`(p.valid_to is null or p.valid_to > ${at})`
  const tierRows = sql`r.after ? 'tiers'`
  const [marked] = await step('rows marked applied', () =>
    selectRows<{ n: number; first: number | null; earlier: number }>(
      tx,
      sql`with marked as (
          update ${stockImportRows} r set result = 'applied', applied = jsonb_build_object(
            'expiredTierIds', case when ${tierRows} then coalesce((
              select jsonb_agg(p.id order by p.id) from ${prices} p
              where p.sku_id = r.sku_id and ${current} and p.valid_from <= ${at}), '[]'::jsonb) else '[]'::jsonb end,
            'deletedTiers', case when ${tierRows} then coalesce((
              select jsonb_agg(jsonb_build_object(
                'minQuantity', p.min_quantity, 'unitPrice', p.unit_price, 'offerPrice', p.offer_price,
                'pricePerPiece', p.price_per_piece, 'validFrom', ${isoText(sql`p.valid_from`)},
                'validTo', case when p.valid_to is null then null else ${isoText(sql`p.valid_to`)} end) order by p.id)
              from ${prices} p where p.sku_id = r.sku_id and ${current} and p.valid_from > ${at}), '[]'::jsonb)
              else '[]'::jsonb end,
            'insertedTierIds', case when ${tierRows} then coalesce((
              select jsonb_agg(nextval(${PRICE_IDS}) order by t.n)
              from jsonb_array_elements(r.after -> 'tiers') with ordinality t(tier, n)), '[]'::jsonb)
              else '[]'::jsonb end)
            || case when r.after ? 'stock' and (r.after ->> 'stock')::int <> (
                 select s.remaining_quantity from ${skus} s where s.id = r.sku_id)
               then jsonb_build_object('movementId', nextval(${MOVEMENT_IDS})) else '{}'::jsonb end
          where ${inRange(sql`r`, range)} and ${PENDING}
          returning r.row_number
        ), bounds as (select count(*)::int as n, min(row_number) as first from marked)
        select b.n, b.first, (
          select count(*)::int from ${stockImportRows} e
          where e.import_id = ${range.importId}::int and e.row_number >= b.first
            and e.row_number <= ${range.upto}::int and e.result = 'applied') as earlier
        from bounds b`,
    ),
  )
  const applied = Number(marked?.n ?? 0)
  if (applied === 0) return { applied: 0, stale: stale.length }
  if (Number(marked!.earlier) > 0) throw new Error('an import range holds rows applied before it')
  const rows = sql`${inRange(sql`r`, { ...range, after: Number(marked!.first) - 1 })} and r.result = 'applied'`

  // Tiers: the row's tiers replace the SKU's current ones (ended now) and scheduled ones (removed).
  // Plain statements over the range's rows with index lookups per row: no join between the
  // results of data-modifying CTEs, whose row counts the planner cannot know (a nested loop over
  // them is quadratic in the range).
  const tierRange = sql`${rows} and ${tierRows}`
  // The price statements leave the SKUs' stored entry tier to the one update of the SKUs below.
  await deferSkuEntry(tx, true)
  await step('tiers: end current', () =>
    tx.execute(sql`
    update ${prices} p set valid_to = ${at} from ${stockImportRows} r
    where ${tierRange} and p.sku_id = r.sku_id and ${current} and p.valid_from <= ${at}`),
  )
  await step('tiers: remove scheduled', () =>
    tx.execute(sql`
    delete from ${prices} p using ${stockImportRows} r
    where ${tierRange} and p.sku_id = r.sku_id and ${current} and p.valid_from > ${at}`),
  )
  await step('tiers: insert new', () =>
    tx.execute(sql`
    insert into ${prices}
      (id, sku_id, min_quantity, unit_price, offer_price, price_per_piece, valid_from, valid_to, created_at)
    overriding system value
    select (r.applied -> 'insertedTierIds' ->> (tiers.n - 1)::int)::int, r.sku_id, (t ->> 'minQuantity')::int,
      (t ->> 'unitPrice')::bigint, (t ->> 'offerPrice')::bigint,
      round((case when (t ->> 'offerPrice')::bigint > 0 then (t ->> 'offerPrice')::bigint
                  else (t ->> 'unitPrice')::bigint end)::numeric / s.pieces_per_pack)::bigint,
      greatest(coalesce((t ->> 'validFrom')::timestamptz, ${at}), ${at}),
      (t ->> 'validTo')::timestamptz, ${at}
    from ${stockImportRows} r join ${skus} s on s.id = r.sku_id
      cross join lateral jsonb_array_elements(r.after -> 'tiers') with ordinality as tiers(t, n)
    where ${tierRange}
    order by r.row_number, tiers.n`),
  )

  // One update of each SKU the range changes: its stock (with its ledger movement, under the id
  // the row holds; the old figure is read from the statement's snapshot of the locked row),
  // "always available", and its stored entry tier when its tiers changed. Only the movements that
  // lower stock come back, for the low-stock alerts.
  const stockMoves = sql`r.applied ? 'movementId'`
  const falls = await step('stock, ledger and SKU entry', () =>
    selectRows<LedgerRow>(
      tx,
      sql`with moved as (
          update ${skus} s set
            remaining_quantity = case when ${stockMoves} then (r.after ->> 'stock')::int else s.remaining_quantity end,
            always_available = case when r.after ? 'alwaysAvailable'
              then (r.after ->> 'alwaysAvailable')::boolean else s.always_available end,
            updated_at = case when ${stockMoves} or r.after ? 'alwaysAvailable' then ${at} else s.updated_at end,
            ${entryAssignments}
          from ${stockImportRows} r join ${skus} old on old.id = r.sku_id
            ${entryJoin}
          where ${rows} and s.id = r.sku_id
            and (${stockMoves} or r.after ? 'alwaysAvailable' or ${tierRows})
          returning s.id as sku_id, (r.applied ->> 'movementId')::bigint as movement_id,
            s.remaining_quantity - old.remaining_quantity as delta, s.remaining_quantity
        ),
        ledger as (
          insert into ${stockMovements}
            (id, sku_id, kind, delta, resulting_quantity, actor_user_id, reason, import_id, created_at)
          overriding system value
          select movement_id, sku_id, 'import', delta, remaining_quantity, ${context.actorUserId}::int, 'import',
            ${range.importId}::int, ${at}
          from moved where movement_id is not null order by movement_id
          returning id, sku_id, delta, resulting_quantity
        )
        select * from ledger where delta < 0`,
    ),
  )
  await deferSkuEntry(tx, false)
  // A sheet that lowers stock below a SKU's threshold alerts like any other movement.
  await step('low-stock alerts', () => alertLowStockFalls(tx, movedStock(falls)))
  return { applied, stale: stale.length }
}

interface LedgerRow {
  id: number
  sku_id: number
  delta: number
  resulting_quantity: number
}

const movedStock = (rows: LedgerRow[]): MovedStock[] =>
  rows.map((m) => ({
    skuId: Number(m.sku_id),
    delta: Number(m.delta),
    resultingQuantity: Number(m.resulting_quantity),
    movementId: Number(m.id),
  }))

/** An applied row that cannot be reverted, and why (in words for the seller). */
export interface BlockedRow {
  rowNumber: number
  sku: string
  reason: string
}

/**
 * Reverts the applied rows of a range whose SKUs nothing else changed since the import: tiers back
 * (added ones removed, ended ones reopened, removed ones restored), "always available" back, stock
 * back through one ledger movement each (kind `import`, reason `revert`). A row whose stock moved
 * (any later movement), whose tiers changed or whose "always available" changed is left as it is,
 * marked `not_reverted` with the reason (kept on the row) and returned; nothing of it is touched.
 */
export async function revertRange(
  tx: Tx,
  range: RowRange,
  context: { actorUserId: number | null; at: Date },
): Promise<{ reverted: number; blocked: BlockedRow[] }> {
  const at = stampOf(context.at)
  // Every applied row of the range is checked and marked in one pass: rows that changed since
  // become `not_reverted` with the reason (they stay applied, listed on the import's page for
  // good, and nothing of them is touched), the others `reverted`, and the statements below undo
  // those. An import is reverted once, in one transaction, so the range's `reverted` rows are
  // exactly the ones marked here.
  const blockedRows = await selectRows<{ row_number: number; sku: string; reason: string }>(
    tx,
    sql`with marked as (
        update ${stockImportRows} t set
          result = case when checked.reason is null then 'reverted' else 'not_reverted' end::import_row_result,
          not_reverted_reason = checked.reason
        from (
          select r.id, case
            when r.applied is null or r.sku_id is null then ${m.tools_revert_nothing_recorded()}::text
            when s.id is null then ${m.tools_stale_sku_gone()}::text
            when r.applied ? 'movementId' and exists (
              select 1 from ${stockMovements} m
              where m.sku_id = s.id and m.id > (r.applied ->> 'movementId')::bigint)
              then ${m.tools_revert_stock_moved_order()}::text
            when r.after ? 'tiers' and exists (
              select 1 from ${prices} p
              where p.sku_id = s.id and (p.valid_to is null or p.valid_to > ${at})
                and not ((r.applied -> 'insertedTierIds') @> to_jsonb(p.id)))
              then ${m.tools_revert_tiers_changed()}::text
            when r.after ? 'alwaysAvailable' and s.always_available <> (r.after ->> 'alwaysAvailable')::boolean
              then ${m.tools_revert_always_changed()}::text
            when r.applied ? 'movementId' and r.before ? 'stock'
              and s.remaining_quantity <> (r.after ->> 'stock')::int
              then ${m.tools_revert_stock_moved()}::text
          end as reason
          from ${stockImportRows} r left join ${skus} s on s.id = r.sku_id
          where ${inRange(sql`r`, range)} and r.result = 'applied'
        ) checked
        where t.id = checked.id
        returning t.row_number, t.sku, checked.reason
      )
      select * from marked where reason is not null`,
  )
  const ready = sql`${inRange(sql`r`, range)} and r.result = 'reverted'`

  // Tiers: the ones the import added go, the ones it ended end when they ended before, the
  // scheduled ones it removed come back. The SKUs' entry follows in their one update below.
  await deferSkuEntry(tx, true)
  await tx.execute(sql`
    delete from ${prices} p using ${stockImportRows} r
    where ${ready} and r.after ? 'tiers' and p.sku_id = r.sku_id
      and (r.applied -> 'insertedTierIds') @> to_jsonb(p.id)`)
  await tx.execute(sql`
    update ${prices} p set valid_to = (
      select (b ->> 'validTo')::timestamptz from jsonb_array_elements(r.before -> 'tiers') b
      where (b ->> 'id')::int = p.id)
    from ${stockImportRows} r
    where ${ready} and r.after ? 'tiers' and p.sku_id = r.sku_id
      and (r.applied -> 'expiredTierIds') @> to_jsonb(p.id)`)
  await tx.execute(sql`
    insert into ${prices} (sku_id, min_quantity, unit_price, offer_price, price_per_piece, valid_from, valid_to)
    select r.sku_id, (d ->> 'minQuantity')::int, (d ->> 'unitPrice')::bigint, (d ->> 'offerPrice')::bigint,
      (d ->> 'pricePerPiece')::bigint, (d ->> 'validFrom')::timestamptz, (d ->> 'validTo')::timestamptz
    from ${stockImportRows} r cross join lateral jsonb_array_elements(r.applied -> 'deletedTiers') d
    where ${ready} and r.after ? 'tiers'`)

  // One update of each SKU: "always available" and stock back (one ledger movement each when the
  // figure changes), and its entry tier when its tiers changed.
  const oldStock = sql`(r.before ->> 'stock')::int`
  const stockBack = sql`(r.applied ? 'movementId' and r.before ? 'stock' and old.remaining_quantity <> ${oldStock})`
  const availableBack = sql`(r.after ? 'alwaysAvailable' and r.before ? 'alwaysAvailable')`
  const moves = await selectRows<LedgerRow>(
    tx,
    sql`with moved as (
          update ${skus} s set
            remaining_quantity = case when ${stockBack} then ${oldStock} else s.remaining_quantity end,
            always_available = case when ${availableBack}
              then (r.before ->> 'alwaysAvailable')::boolean else s.always_available end,
            updated_at = case when ${stockBack} or ${availableBack} then ${at} else s.updated_at end,
            ${entryAssignments}
          from ${stockImportRows} r join ${skus} old on old.id = r.sku_id
            ${entryJoin}
          where ${ready} and s.id = r.sku_id and (${stockBack} or ${availableBack} or r.after ? 'tiers')
          returning s.id as sku_id, s.remaining_quantity - old.remaining_quantity as delta, s.remaining_quantity
        )
        insert into ${stockMovements} (sku_id, kind, delta, resulting_quantity, actor_user_id, reason, import_id)
        select sku_id, 'import', delta, remaining_quantity, ${context.actorUserId}::int, 'revert', ${range.importId}::int
        from moved where delta <> 0 order by sku_id
        returning id, sku_id, delta, resulting_quantity`,
  )
  await deferSkuEntry(tx, false)
  await alertLowStockFalls(tx, movedStock(moves))

  const [reverted] = await selectRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from ${stockImportRows} r where ${ready}`,
  )
  return {
    reverted: Number(reverted?.n ?? 0),
    blocked: blockedRows
      .map((r) => ({ rowNumber: Number(r.row_number), sku: r.sku, reason: r.reason }))
      .sort((a, b) => a.rowNumber - b.rowNumber),
  }
}
