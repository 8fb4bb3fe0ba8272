import '@tanstack/react-start/server-only'
import { assertPlanAllows } from '~/features/plans/index.server'
import { enforceUploadQuota } from '~/server/rate-limit/upload-quota.server'
import { randomBytes } from 'node:crypto'
import { PassThrough, Readable } from 'node:stream'
import { and, asc, count, desc, eq, gt, isNull, max, or, sql } from 'drizzle-orm'
import { refreshProductListings } from '~/features/catalog/index.server'
import type { ImportMode } from '~/lib/domain-enums'
import { currentLocale } from '~/lib/i18n'
import { m } from '~/lib/messages'
import { formatNumber } from '~/lib/money'
import { recordAuditEvent } from '~/server/audit/audit.server'
import { requireApprovedSeller, type SellerActor } from '~/server/auth/guards.server'
import type { AuthContext } from '~/server/auth/session.server'
import { now } from '~/server/clock.server'
import { selectRows, type Db, type Tx } from '~/server/db/client.server'
import { intArray, jsonRows, textArray } from '~/server/db/sql-batch.server'
import {
  prices,
  skus,
  stockImportRows,
  stockImports,
  stores,
  users,
  type ImportCounts,
} from '~/server/db/schema'
import { HttpError, conflict, notFound } from '~/server/http/api-errors.server'
import { sendJob } from '~/server/jobs/jobs.server'
import { log } from '~/server/log.server'
import type { MediaStorage } from '~/server/providers/storage/storage.server'
import {
  PENDING,
  applyRange,
  lockRangeSkus,
  nextRangeEnd,
  revertRange,
  staleRows,
  timed,
  type PhaseTimings,
} from './import-apply.server'
import { evaluateRow, type SkuFacts, type StoredTier } from './import-diff'
import { MAX_IMPORT_BYTES } from './import-format'
import { fileTooLarge } from './import-upload.server'
import type { RowFilter } from './imports.schemas'
import { rowMessage, type SheetRow } from './import-rows'
import { ImportFileError, detectSheetKind, readImportRows, writeErrorReport } from './import-sheet.server'

/**
 * Price and stock imports (issue #17): upload → dry run (a job, in chunks, resumable) → apply (a
 * job; all-or-nothing refuses a file with any error and applies in one transaction, valid rows in
 * resumable chunks) → revert while nothing else changed the same SKUs. Every stock change goes through
 * the ledger (kind `import`), every tier through the one tier rule set.
 */

const CHUNK = 500
/** Rows applied per transaction (one progress step). */
const APPLY_RANGE = 2_000
/** Rows reverted per group of statements, within the revert's one transaction. */
const REVERT_RANGE = 5_000
const APPLIED = sql`r.result = 'applied'`
export const importNotFound = () => m.tools_import_not_found()
export const HAS_ERRORS = (n: number) => m.tools_import_has_errors({ count: n, countText: formatNumber(n) })

const emptyCounts = (): ImportCounts => ({
  read: 0,
  update: 0,
  unchanged: 0,
  errors: 0,
  warnings: 0,
  applied: 0,
  skipped: 0,
  stale: 0,
  reverted: 0,
  notReverted: 0,
})

/** The seller's import, or 404 (another seller's id looks the same as a missing one). */
async function ownImport(db: Db | Tx, actor: SellerActor, importId: number) {
  const [row] = await db
    .select()
    .from(stockImports)
    .where(and(eq(stockImports.id, importId), eq(stockImports.sellerId, actor.sellerId)))
  if (!row) throw notFound(importNotFound())
  return row
}

/** Stores the upload privately, records the import and queues its dry run. */
export async function startImport(
  db: Db,
  auth: AuthContext | null,
  file: { name: string; bytes: Uint8Array },
  storage: MediaStorage,
): Promise<{ importId: number }> {
  const actor = requireApprovedSeller(auth, { allowObserver: true })
  if (file.bytes.byteLength > MAX_IMPORT_BYTES)
    throw new HttpError(413, fileTooLarge(), { file: [fileTooLarge()] })
  let kind: 'csv' | 'xlsx'
  try {
    kind = await detectSheetKind(file.bytes.subarray(0, 4100))
  } catch (error) {
    if (error instanceof ImportFileError) throw new HttpError(422, error.message, { file: [error.message] })
    throw error
  }
  await enforceUploadQuota(db, actor.auth.user.id, [file])
  const key = `imports/${actor.sellerId}/${randomBytes(16).toString('hex')}`
  await storage.put(key, file.bytes)
  const fileName = file.name.replace(/[^\p{L}\p{N}._ -]+/gu, '_').slice(0, 120) || `import.${kind}`
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(stockImports)
      .values({
        sellerId: actor.sellerId,
        userId: actor.auth.user.id,
        fileKey: key,
        fileName,
        fileKind: kind,
        fileBytes: file.bytes.byteLength,
        stockOnly: actor.role === 'observer',
        counts: emptyCounts(),
      })
      .returning({ id: stockImports.id })
    await sendJob(tx, 'import.check', { importId: row!.id, locale: currentLocale() })
    return { importId: row!.id }
  })
}

/** Live facts of the seller's SKUs named in a chunk of rows, by SKU code. */
async function skuFacts(
  db: Db | Tx,
  sellerId: number,
  codes: string[],
  at: Date,
): Promise<Map<string, SkuFacts>> {
  if (codes.length === 0) return new Map()
  const rows = await db
    .select({
      skuId: skus.id,
      sku: skus.sku,
      productId: skus.productId,
      stock: skus.remainingQuantity,
      alwaysAvailable: skus.alwaysAvailable,
      piecesPerPack: skus.piecesPerPack,
    })
    .from(skus)
    .innerJoin(stores, eq(stores.id, skus.storeId))
    .where(and(eq(stores.sellerId, sellerId), sql`${skus.sku} = any(${textArray(codes)})`))
  const tiers = await liveTiers(
    db,
    rows.map((r) => r.skuId),
    at,
  )
  return new Map(rows.map((row) => [row.sku, { ...row, tiers: tiers.get(row.skuId) ?? [] }]))
}

/** Current and scheduled tiers (not yet ended at `at`) per SKU. */
async function liveTiers(db: Db | Tx, skuIds: number[], at: Date): Promise<Map<number, StoredTier[]>> {
  const byId = new Map<number, StoredTier[]>()
  if (skuIds.length === 0) return byId
  const rows = await db
    .select()
    .from(prices)
    .where(
      and(
        sql`${prices.skuId} = any(${intArray(skuIds)})`,
        or(isNull(prices.validTo), gt(prices.validTo, at)),
      ),
    )
    .orderBy(asc(prices.minQuantity), asc(prices.validFrom))
  for (const row of rows) {
    const list = byId.get(row.skuId) ?? []
    list.push({
      id: row.id,
      minQuantity: row.minQuantity,
      unitPrice: row.unitPrice,
      offerPrice: row.offerPrice,
      validFrom: row.validFrom,
      validTo: row.validTo,
    })
    byId.set(row.skuId, list)
  }
  return byId
}

/**
 * The dry run (job `import.check`): reads the stored file as a stream, evaluates each row against
 * the live SKUs in chunks and stores the diff. Nothing in the catalogue changes.
 * - Whatever stops the reading of the file (a file error in words, or any fault of the reader)
 *   fails the import at once with a reason: the same file would fail again.
 * - A fault of the database is retried by the queue (the run resumes after the rows already stored);
 *   after the last try the import fails with a reason.
 * - A run whose previous attempt never ended (its process died: a file must not be able to do that
 *   again and again) fails the import with a reason rather than read the file once more.
 * An import already past "checking" is left alone, so a retried or repeated job does nothing.
 */
export async function checkImport(
  db: Db,
  importId: number,
  storage: MediaStorage,
  context: { isLastAttempt: boolean; previousRunLost?: boolean } = { isLastAttempt: true },
): Promise<void> {
  const [job] = await db.select().from(stockImports).where(eq(stockImports.id, importId))
  if (!job || job.status !== 'checking') return
  if (context.previousRunLost) {
    log().warn({ importId }, 'an import check stopped before its end; the import is failed, not re-read')
    return failImport(db, importId, m.tools_import_check_interrupted())
  }
  const [done] = await db
    .select({ last: max(stockImportRows.rowNumber) })
    .from(stockImportRows)
    .where(eq(stockImportRows.importId, importId))
  const resumeAfter = done?.last ?? 0
  const file = await storage.get(job.fileKey)
  if (!file) return failImport(db, importId, m.tools_import_file_gone_upload())

  let pending: SheetRow[] = []
  let seen = 0
  const flush = async () => {
    if (pending.length === 0) return
    const rows = pending
    pending = []
    const at = now()
    const facts = await skuFacts(db, job.sellerId, [...new Set(rows.map((r) => r.sku).filter(Boolean))], at)
    const values = rows.map((row) => {
      const diff = evaluateRow(row, facts.get(row.sku), at, job.stockOnly)
      return {
        row_number: row.rowNumber,
        sku: row.sku.slice(0, 64) || '—',
        sku_id: diff.skuId,
        outcome: diff.outcome,
        expected_stock: diff.expectedStock,
        before: diff.before,
        after: diff.after,
        errors: diff.errors,
        warnings: diff.warnings,
      }
    })
    await db.transaction(async (tx) => {
      await tx.execute(sql`
        insert into ${stockImportRows}
          (import_id, row_number, sku, sku_id, outcome, expected_stock, before, after, errors, warnings)
        select ${importId}::int, r.row_number, r.sku, r.sku_id, r.outcome::import_row_outcome,
          r.expected_stock, r.before, r.after, coalesce(r.errors, '[]'), coalesce(r.warnings, '[]')
        from jsonb_to_recordset(${jsonRows(values)}) as r(row_number int, sku text, sku_id int,
          outcome text, expected_stock int, before jsonb, after jsonb, errors jsonb, warnings jsonb)
        on conflict do nothing`)
      await tx.update(stockImports).set({ rowsDone: seen }).where(eq(stockImports.id, importId))
    })
  }
  const rows = readImportRows(job.fileKind, Readable.from([file.body]))
  try {
    for (;;) {
      let item: Awaited<ReturnType<typeof rows.next>>
      try {
        item = await rows.next()
      } catch (error) {
        return await fileFault(db, importId, error)
      }
      if (item.done) break
      if (!('row' in item.value)) continue
      seen++
      if (item.value.row.rowNumber <= resumeAfter) continue
      pending.push(item.value.row)
      if (pending.length >= CHUNK) await flush()
    }
    await flush()
  } catch (error) {
    // A fault of the database: retried by the job queue; after the last try the seller is told.
    if (context.isLastAttempt) await failImport(db, importId, m.tools_import_check_failed())
    throw error
  } finally {
    await rows.return(undefined).catch(() => undefined)
  }
  const counts = await countRows(db, importId)
  await db
    .update(stockImports)
    .set({ status: 'checked', rowsTotal: counts.read, rowsDone: counts.read, counts, checkedAt: now() })
    .where(eq(stockImports.id, importId))
}

/** The file could not be read to its end: the import fails with the reason, in words. */
async function fileFault(db: Db, importId: number, error: unknown): Promise<void> {
  if (error instanceof ImportFileError) {
    // The library's own reason (kept as the cause) tells a damaged file from a reader fault.
    if (error.cause) log().warn({ importId, err: error.cause }, 'an import file could not be read')
    return failImport(db, importId, error.message)
  }
  log().error({ importId, err: error }, 'an import file stopped its reader')
  return failImport(db, importId, m.tools_import_check_failed())
}

async function failImport(db: Db, importId: number, message: string): Promise<void> {
  await db
    .update(stockImports)
    .set({ status: 'failed', fileError: message })
    .where(eq(stockImports.id, importId))
}

async function countRows(db: Db | Tx, importId: number): Promise<ImportCounts> {
  const rows = await selectRows<{ outcome: string; result: string | null; warned: boolean; n: number }>(
    db,
    sql`select outcome, result, jsonb_array_length(warnings) > 0 as warned, count(*)::int as n
        from ${stockImportRows} where import_id = ${importId} group by 1, 2, 3`,
  )
  const counts = emptyCounts()
  for (const row of rows) {
    const n = Number(row.n)
    counts.read += n
    if (row.outcome === 'update') counts.update += n
    else if (row.outcome === 'unchanged') counts.unchanged += n
    else counts.errors += n
    if (row.warned) counts.warnings += n
    if (row.result === 'applied') counts.applied += n
    else if (row.result === 'skipped') counts.skipped += n
    else if (row.result === 'stale') counts.stale += n
    // A reverted row was applied first: "applied" keeps saying what the import did.
    else if (row.result === 'reverted') {
      counts.reverted += n
      counts.applied += n
    } else if (row.result === 'not_reverted') {
      counts.notReverted += n
      counts.applied += n
    }
  }
  return counts
}

/** The seller asks to apply a checked import; the work runs as a job. */
export async function requestApply(
  db: Db,
  auth: AuthContext | null,
  importId: number,
  mode: ImportMode,
): Promise<void> {
  const actor = requireApprovedSeller(auth, { allowObserver: true })
  await db.transaction(async (tx) => {
    const job = await ownImport(tx, actor, importId)
    const [locked] = await tx.select().from(stockImports).where(eq(stockImports.id, job.id)).for('update')
    // The same right as reverting: an observer acts on stock-only imports (observers' own), never
    // on the owner's, which may change prices.
    if (locked!.stockOnly === false && actor.role === 'observer')
      throw new HttpError(403, m.tools_import_observer_apply())
    if (locked!.status !== 'checked') throw conflict(alreadyMessage(locked!.status))
    // Rows per file is a plan limit: checked when the seller applies (the plan may have changed
    // since the upload).
    await assertPlanAllows(tx, actor.sellerId, 'importRows', locked!.counts.read)
    if (mode === 'all_or_nothing' && locked!.counts.errors > 0)
      throw new HttpError(422, HAS_ERRORS(locked!.counts.errors), {
        mode: [HAS_ERRORS(locked!.counts.errors)],
      })
    await tx
      .update(stockImports)
      .set({
        status: 'applying',
        mode,
        appliedBy: actor.auth.user.id,
        rowsDone: 0,
        rowsTotal: locked!.counts.update,
      })
      .where(eq(stockImports.id, job.id))
    // Rows with errors are skipped in "apply valid rows"; they are listed with their errors.
    await tx
      .update(stockImportRows)
      .set({ result: 'skipped' })
      .where(and(eq(stockImportRows.importId, job.id), eq(stockImportRows.outcome, 'error')))
    await sendJob(tx, 'import.apply', { importId: job.id, locale: currentLocale() })
  })
}

function alreadyMessage(status: string): string {
  if (status === 'checking') return m.tools_import_still_checking()
  if (status === 'applying') return m.tools_import_already_applying()
  if (status === 'applied') return m.tools_import_already_applied()
  if (status === 'reverted') return m.tools_import_was_reverted()
  return m.tools_import_cannot_apply()
}

type ImportJob = typeof stockImports.$inferSelect
type Step = <T>(name: string, work: () => Promise<T>) => Promise<T>

/** Every row number of an import (the whole file as one range). */
const WHOLE_FILE = 2_147_483_647

export const ALL_OR_NOTHING_FAILED = () => m.tools_import_all_failed()
export const ALL_OR_NOTHING_STALE = (n: number) =>
  `${n.toLocaleString('en-US')} row${n === 1 ? '' : 's'} changed since the file was made (an order came in, or the prices were edited), so nothing was applied. Download a new sheet, or apply this file again with "apply valid rows".`

/** Thrown inside the all-or-nothing transaction to roll it back when the stock guard refuses rows. */
class StaleRowsFound extends Error {
  constructor(readonly rows: { id: number; rowNumber: number; reason: string }[]) {
    super('stale rows')
  }
}

/**
 * Applying (job `import.apply`).
 * - All or nothing: one transaction for the whole file. Every SKU is locked and the stock guard
 *   checks every row before anything changes; one stale row, or any failure half-way, rolls it
 *   all back, so buyers never see part of the file and nothing needs undoing.
 * - Valid rows: the pending rows a range per transaction (the progress moves per range; buyers
 *   see rows as they land), each row checked again against live figures (a moved stock or changed
 *   tiers make it `stale`); a crash resumes with the rows still pending.
 * Listings are refreshed once at the end.
 */
export async function applyImport(
  db: Db,
  importId: number,
  context: { isLastAttempt: boolean; timings?: PhaseTimings },
): Promise<void> {
  const [job] = await db.select().from(stockImports).where(eq(stockImports.id, importId))
  if (!job || job.status !== 'applying') return
  const step: Step = (name, work) => timed(context.timings, name, work)
  if (job.mode === 'all_or_nothing') return applyAllOrNothing(db, job, context, step)
  try {
    let after = 0
    for (;;) {
      const upto = await step('range transactions (total)', () =>
        db.transaction(async (tx) => {
          const end = await step('next range', () => nextRangeEnd(tx, importId, after, APPLY_RANGE, PENDING))
          if (end === null) return null
          await applyLockedRange(tx, job, { importId, after, upto: end }, step, context.timings)
          return end
        }),
      )
      if (upto === null) break
      after = upto
    }
  } catch (error) {
    if (!context.isLastAttempt) throw error
    // What was applied stays applied (and revertible); the seller is told the rest was not.
    log().error({ err: error, importId }, 'import stopped before its end')
    await db.transaction((tx) => finishApply(tx, job, step, m.tools_import_stopped()))
    return
  }
  await step('finish (total)', () => db.transaction((tx) => finishApply(tx, job, step)))
}

async function applyAllOrNothing(
  db: Db,
  job: ImportJob,
  context: { isLastAttempt: boolean; timings?: PhaseTimings },
  step: Step,
): Promise<void> {
  const importId = job.id
  try {
    await db.transaction(async (tx) => {
      const whole = { importId, after: 0, upto: WHOLE_FILE }
      await step('lock SKUs', () => lockRangeSkus(tx, whole, PENDING))
      const stale = await step('stock guard (stale rows)', () => staleRows(tx, whole, now()))
      if (stale.length > 0) throw new StaleRowsFound(stale)
      for (let after = 0; ;) {
        const end = await step('next range', () => nextRangeEnd(tx, importId, after, APPLY_RANGE, PENDING))
        if (end === null) break
        // The whole file is locked and guarded above, in this transaction.
        await applyLockedRange(tx, job, { importId, after, upto: end }, step, context.timings, true)
        after = end
      }
      await step('finish (total)', () => finishApply(tx, job, step))
    })
  } catch (error) {
    if (error instanceof StaleRowsFound) {
      await refuseStale(db, job, error.rows)
      return
    }
    if (!context.isLastAttempt) throw error
    log().error({ err: error, importId }, 'import could not be applied; nothing was changed')
    await failImport(db, importId, ALL_OR_NOTHING_FAILED())
  }
}

/**
 * Applies one range of pending rows, locking their SKUs and checking the stock guard, unless the
 * caller's transaction already did both for the whole file (`guarded`).
 */
async function applyLockedRange(
  tx: Tx,
  job: ImportJob,
  range: { importId: number; after: number; upto: number },
  step: Step,
  timings: PhaseTimings | undefined,
  guarded = false,
) {
  if (!guarded) await step('lock SKUs', () => lockRangeSkus(tx, range, PENDING))
  const done = await applyRange(tx, range, { actorUserId: job.appliedBy, at: now(), timings, guarded })
  await step('progress', () =>
    tx
      .update(stockImports)
      .set({ rowsDone: sql`${stockImports.rowsDone} + ${done.applied + done.stale}` })
      .where(eq(stockImports.id, job.id)),
  )
}

/** An all-or-nothing apply the stock guard refused: the rows are listed as stale, nothing changed. */
async function refuseStale(db: Db, job: ImportJob, rows: { id: number; reason: string }[]) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      update ${stockImportRows} t set result = 'stale', warnings = t.warnings || jsonb_build_array(v.reason)
      from jsonb_to_recordset(${jsonRows(rows)}) as v(id bigint, reason text)
      where t.id = v.id and t.import_id = ${job.id}::int`)
    const counts = await countRows(tx, job.id)
    await tx
      .update(stockImports)
      .set({ status: 'failed', counts, rowsDone: 0, fileError: ALL_OR_NOTHING_STALE(rows.length) })
      .where(eq(stockImports.id, job.id))
  })
}

/**
 * An applied row that may change what its product's listing (and a magazine's line sheet) shows:
 * its tiers or "always available" changed, or its stock moved to or from zero. Both print stock as
 * in or out of stock only, so a row that moves stock between two positive figures changes neither.
 * The stock the row moved from is its expected stock (the stock guard held the SKU to it); a row
 * without one counts as a change.
 */
const LISTING_MAY_CHANGE = sql`(r.after ? 'tiers' or r.after ? 'alwaysAvailable' or (r.applied ? 'movementId'
  and (r.expected_stock is null or r.expected_stock = 0 or (r.after ->> 'stock')::int = 0)))`

/** Listings refreshed once, counts stored, the import marked applied and audited. */
async function finishApply(tx: Tx, job: ImportJob, step: Step, notice?: string) {
  const importId = job.id
  const productIds = await step('finish: products touched', () =>
    selectRows<{ product_id: number }>(
      tx,
      sql`select distinct s.product_id from ${stockImportRows} r join ${skus} s on s.id = r.sku_id
      where r.import_id = ${importId} and r.result = 'applied' and ${LISTING_MAY_CHANGE}`,
    ),
  )
  if (productIds.length)
    await step('finish: listings refresh', () =>
      refreshProductListings(
        tx,
        productIds.map((r) => Number(r.product_id)),
        { searchUnchanged: true },
      ),
    )
  const counts = await step('finish: counts', () => countRows(tx, importId))
  await tx
    .update(stockImports)
    .set({
      status: 'applied',
      counts,
      rowsDone: counts.read,
      rowsTotal: counts.read,
      appliedAt: now(),
      fileError: notice ?? null,
    })
    .where(eq(stockImports.id, importId))
  await recordAuditEvent(tx, {
    actorUserId: job.appliedBy,
    sellerId: job.sellerId,
    action: 'import.apply',
    recordType: 'import',
    recordId: importId,
    after: {
      file: job.fileName,
      mode: job.mode,
      applied: counts.applied,
      stale: counts.stale,
      skipped: counts.skipped,
    },
  })
}

export interface RevertResult {
  reverted: number
  notReverted: { rowNumber: number; sku: string; reason: string }[]
}

/**
 * Reverts an applied import: restores the stock (through the ledger) and the tiers it changed, for
 * every SKU nothing else changed since; lists the others and why. One transaction.
 */
export async function revertImport(
  db: Db,
  auth: AuthContext | null,
  importId: number,
): Promise<RevertResult> {
  const actor = requireApprovedSeller(auth, { allowObserver: true })
  const result = await db.transaction(async (tx) => {
    const job = await ownImport(tx, actor, importId)
    const [locked] = await tx.select().from(stockImports).where(eq(stockImports.id, job.id)).for('update')
    if (locked!.status !== 'applied') throw conflict(m.tools_import_only_applied_revert())
    if (locked!.stockOnly === false && actor.role === 'observer')
      throw new HttpError(403, m.tools_import_observer_revert())
    const outcome = await revertRows(tx, locked!, actor.auth.user.id)
    const counts = await countRows(tx, importId)
    await tx
      .update(stockImports)
      .set({ status: 'reverted', revertedAt: now(), revertedBy: actor.auth.user.id, counts })
      .where(eq(stockImports.id, importId))
    await recordAuditEvent(tx, {
      actorUserId: actor.auth.user.id,
      sellerId: actor.sellerId,
      action: 'import.revert',
      recordType: 'import',
      recordId: importId,
      after: { reverted: outcome.reverted, notReverted: outcome.notReverted.length },
    })
    return outcome
  })
  return result
}

/**
 * Reverts the import's applied rows in ranges of rows, inside the caller's transaction: a few
 * set-based statements per range (import-apply.server.ts), then one listing refresh.
 */
async function revertRows(tx: Tx, job: ImportJob, actorUserId: number | null): Promise<RevertResult> {
  const outcome: RevertResult = { reverted: 0, notReverted: [] }
  const at = now()
  for (let after = 0; ;) {
    const upto = await nextRangeEnd(tx, job.id, after, REVERT_RANGE, APPLIED)
    if (upto === null) break
    const range = { importId: job.id, after, upto }
    await lockRangeSkus(tx, range, APPLIED)
    const done = await revertRange(tx, range, { actorUserId, at })
    outcome.reverted += done.reverted
    outcome.notReverted.push(...done.blocked)
    after = upto
  }
  const touched = await selectRows<{ product_id: number }>(
    tx,
    sql`select distinct s.product_id from ${stockImportRows} r join ${skus} s on s.id = r.sku_id
        where r.import_id = ${job.id} and r.result = 'reverted' and ${LISTING_MAY_CHANGE}`,
  )
  if (touched.length)
    await refreshProductListings(
      tx,
      touched.map((r) => Number(r.product_id)),
      { searchUnchanged: true },
    )
  return outcome
}

/** The import's status, counts and progress, for its page (polled while it runs). */
export async function getImport(db: Db, auth: AuthContext | null, importId: number) {
  const actor = requireApprovedSeller(auth, { allowObserver: true })
  const job = await ownImport(db, actor, importId)
  return publicImport(job)
}

export type PublicImport = ReturnType<typeof publicImport>

/** "First Last" of the user who uploaded, or null when the account is gone. */
const uploaderName = sql<
  string | null
>`nullif(trim(concat_ws(' ', ${users.firstName}, ${users.lastName})), '')`

function publicImport(job: ImportJob, uploadedBy: string | null = null) {
  return {
    id: job.id,
    uploadedBy,
    fileName: job.fileName,
    fileKind: job.fileKind,
    status: job.status,
    mode: job.mode,
    stockOnly: job.stockOnly,
    rowsTotal: job.rowsTotal,
    rowsDone: job.rowsDone,
    // Imports counted before a count existed read it as 0.
    counts: { ...emptyCounts(), ...job.counts },
    fileError: job.fileError,
    createdAt: job.createdAt.toISOString(),
    appliedAt: job.appliedAt?.toISOString() ?? null,
    revertedAt: job.revertedAt?.toISOString() ?? null,
  }
}

/** A page of the dry run's per-row diff, filtered. */
export async function listImportRows(
  db: Db,
  auth: AuthContext | null,
  importId: number,
  options: { filter: RowFilter; page: number; perPage: number },
) {
  const actor = requireApprovedSeller(auth, { allowObserver: true })
  await ownImport(db, actor, importId)
  const where = and(
    eq(stockImportRows.importId, importId),
    options.filter === 'update' || options.filter === 'unchanged' || options.filter === 'error'
      ? eq(stockImportRows.outcome, options.filter)
      : options.filter === 'warning'
        ? sql`jsonb_array_length(${stockImportRows.warnings}) > 0`
        : options.filter === 'stale' || options.filter === 'not_reverted'
          ? eq(stockImportRows.result, options.filter)
          : undefined,
  )
  const [total] = await db.select({ n: count() }).from(stockImportRows).where(where)
  const rows = await db
    .select()
    .from(stockImportRows)
    .where(where)
    .orderBy(asc(stockImportRows.rowNumber))
    .limit(options.perPage)
    .offset((options.page - 1) * options.perPage)
  return {
    total: total?.n ?? 0,
    rows: rows.map((row) => ({
      rowNumber: row.rowNumber,
      sku: row.sku,
      outcome: row.outcome,
      result: row.result,
      before: row.before,
      after: row.after,
      errors: row.errors.map((e) => rowMessage(row.rowNumber, e)),
      warnings: row.warnings.map((w) => rowMessage(row.rowNumber, w)),
      notReverted: row.notRevertedReason ? rowMessage(row.rowNumber, row.notRevertedReason) : null,
    })),
  }
}

/** The seller's recent imports, newest first. */
export async function listImports(
  db: Db,
  auth: AuthContext | null,
  options: { page: number; perPage: number },
) {
  const actor = requireApprovedSeller(auth, { allowObserver: true })
  const [total] = await db
    .select({ n: count() })
    .from(stockImports)
    .where(eq(stockImports.sellerId, actor.sellerId))
  const rows = await db
    .select({ job: stockImports, uploadedBy: uploaderName })
    .from(stockImports)
    .leftJoin(users, eq(users.id, stockImports.userId))
    .where(eq(stockImports.sellerId, actor.sellerId))
    .orderBy(desc(stockImports.id))
    .limit(options.perPage)
    .offset((options.page - 1) * options.perPage)
  return { total: total?.n ?? 0, imports: rows.map((row) => publicImport(row.job, row.uploadedBy)) }
}

/** The error report of an import, in the upload's format, for download. */
export async function importErrorReport(
  db: Db,
  auth: AuthContext | null,
  importId: number,
  storage: MediaStorage,
): Promise<{ fileName: string; contentType: string; body: Readable }> {
  const actor = requireApprovedSeller(auth, { allowObserver: true })
  const job = await ownImport(db, actor, importId)
  const file = await storage.get(job.fileKey)
  if (!file) throw notFound(m.tools_import_file_gone())
  const failed = await db
    .select({
      rowNumber: stockImportRows.rowNumber,
      errors: stockImportRows.errors,
      warnings: stockImportRows.warnings,
      result: stockImportRows.result,
    })
    .from(stockImportRows)
    .where(
      and(
        eq(stockImportRows.importId, importId),
        sql`(${stockImportRows.outcome} = 'error' or ${stockImportRows.result} = 'stale')`,
      ),
    )
  const errors = new Map(
    failed.map((row) => [row.rowNumber, (row.errors.length ? row.errors : row.warnings).join('; ')]),
  )
  const body = new PassThrough()
  void writeErrorReport(job.fileKind, Readable.from([file.body]), errors, body).catch((error: unknown) =>
    body.destroy(error instanceof Error ? error : new Error(String(error))),
  )
  const base = job.fileName.replace(/\.(csv|xlsx)$/i, '')
  return {
    fileName: `${base}-errors.${job.fileKind}`,
    contentType:
      job.fileKind === 'csv'
        ? 'text/csv; charset=utf-8'
        : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    body,
  }
}
