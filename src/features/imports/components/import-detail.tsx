import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useEffect, useState, type ReactNode } from 'react'
import type { ImportMode } from '~/lib/domain-enums'
import { m } from '~/lib/messages'
import { formatNumber } from '~/lib/money'
import { notify } from '~/lib/notify'
import { formatTehranDateTime } from '~/lib/tehran-time'
import { Button, buttonClasses } from '~/ui/button'
import { Dialog, DialogContent } from '~/ui/dialog'
import { Skeleton } from '~/ui/skeleton'
import { applyImportFn, fetchImport, revertImportFn } from '../imports.functions'
import { importQueries } from '../imports.queries'
import type { RowFilter } from '../imports.schemas'
import { ImportRows } from './import-rows-table'

type ImportCounts = Awaited<ReturnType<typeof fetchImport>>['counts']

const statusText = (status: string): string => {
  const words: Record<string, (() => string) | undefined> = {
    checking: m.tools_import_state_checking,
    checked: m.tools_import_state_checked,
    applying: m.tools_import_state_applying,
    applied: m.tools_import_status_applied,
    failed: m.tools_import_state_failed,
    reverted: m.tools_import_status_reverted,
  }
  return words[status]?.() ?? status
}

export function ImportDetail({
  importId,
  rowFilter,
  page,
}: {
  importId: number
  rowFilter?: RowFilter
  page: number
}) {
  const queryClient = useQueryClient()
  const { data } = useQuery(importQueries.detail(importId))
  const status = data?.status
  // The history table shows each import's status: keep it in step as this one moves on.
  useEffect(() => {
    if (status) void queryClient.invalidateQueries({ queryKey: [...importQueries.all, 'history'] })
  }, [status, queryClient])
  if (!data) return <Skeleton className="h-40 w-full" />
  const running = data.status === 'checking' || data.status === 'applying'
  return (
    <section
      aria-labelledby="import-title"
      className="flex flex-col gap-4 rounded-xl border border-stone-200 bg-white p-4 sm:p-6"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="import-title" className="text-lg font-semibold break-all text-ink">
          {data.fileName}
        </h2>
        <p className="text-sm text-stone-600">
          {m.tools_import_uploaded_at({ time: formatTehranDateTime(data.createdAt) })}
        </p>
      </div>
      <p role="status" data-testid="import-status" className="font-medium text-ink">
        {statusText(data.status)}
        {data.stockOnly ? m.tools_import_stock_only() : ''}
      </p>
      {running ? (
        data.status === 'applying' && data.mode === 'all_or_nothing' ? (
          <Progress
            done={0}
            total={0}
            text={m.tools_import_applying_all({ count: formatNumber(data.rowsTotal) })}
          />
        ) : (
          <Progress done={data.rowsDone} total={data.rowsTotal} />
        )
      ) : null}
      {data.fileError ? (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-900">
          {data.fileError}
        </p>
      ) : null}
      {!running && data.counts.read > 0 ? <Summary counts={data.counts} status={data.status} /> : null}
      {data.counts.errors > 0 || data.counts.stale > 0 ? (
        <a
          className={buttonClasses('secondary', 'sm', 'self-start')}
          href={`/api/seller/imports/${importId}/errors`}
          download
        >
          {m.tools_import_error_report({ kind: data.fileKind.toUpperCase() })}
        </a>
      ) : null}
      {data.status === 'checked' ? <ApplyPanel importId={importId} counts={data.counts} /> : null}
      {data.status === 'applied' ? <RevertPanel importId={importId} /> : null}
      {data.status === 'reverted' && data.counts.notReverted > 0 ? (
        <NotRevertedNote importId={importId} count={data.counts.notReverted} />
      ) : null}
      {!running && data.counts.read > 0 ? (
        <ImportRows
          importId={importId}
          filter={rowFilter ?? defaultFilter(data.counts)}
          page={page}
          counts={data.counts}
        />
      ) : null}
    </section>
  )
}

/** Open on what needs the seller: errors first, then the changes; everything when nothing changes. */
function defaultFilter(counts: ImportCounts): RowFilter {
  if (counts.notReverted > 0) return 'not_reverted'
  if (counts.errors > 0) return 'error'
  if (counts.stale > 0) return 'stale'
  if (counts.update > 0) return 'update'
  return 'all'
}

function Progress({ done, total, text }: { done: number; total: number; text?: string }) {
  const percent = total > 0 ? Math.min(100, Math.round((done / total) * 100)) : null
  return (
    <div className="flex flex-col gap-1">
      <div
        role="progressbar"
        aria-label={m.tools_import_rows_done()}
        aria-valuemin={0}
        aria-valuemax={total || undefined}
        aria-valuenow={total ? done : undefined}
        className="h-3 w-full overflow-hidden rounded-full bg-stone-200"
      >
        <div
          className={
            percent === null
              ? 'h-full w-1/3 animate-pulse bg-brand-500'
              : 'h-full bg-brand-500 transition-all'
          }
          style={percent === null ? undefined : { width: `${percent}%` }}
        />
      </div>
      <p className="text-sm text-stone-600">
        {text ??
          (total > 0
            ? m.tools_import_progress({ done: formatNumber(done), total: formatNumber(total) })
            : m.tools_import_progress_read({ done: formatNumber(done) }))}
      </p>
    </div>
  )
}

function Summary({ counts, status }: { counts: ImportCounts; status: string }) {
  const items: [string, number, string][] = [
    [m.tools_import_sum_read(), counts.read, 'text-ink'],
    [m.tools_import_sum_update(), counts.update, 'text-ink'],
    [m.tools_import_sum_unchanged(), counts.unchanged, 'text-stone-700'],
    [m.tools_import_sum_errors(), counts.errors, counts.errors ? 'text-red-800' : 'text-stone-700'],
    [m.tools_import_sum_warnings(), counts.warnings, counts.warnings ? 'text-amber-800' : 'text-stone-700'],
  ]
  if (status === 'applied' || status === 'reverted' || counts.stale > 0)
    items.push(
      [m.tools_import_status_applied(), counts.applied, 'text-green-800'],
      [m.tools_import_sum_stale(), counts.stale, counts.stale ? 'text-amber-800' : 'text-stone-700'],
      [m.tools_import_sum_skipped(), counts.skipped, 'text-stone-700'],
    )
  if (status === 'reverted')
    items.push(
      [m.tools_import_status_reverted(), counts.reverted, 'text-ink'],
      [
        m.tools_import_not_reverted(),
        counts.notReverted,
        counts.notReverted ? 'text-amber-800' : 'text-stone-700',
      ],
    )
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
      {items.map(([label, value, tone]) => (
        <div key={label} className="rounded-lg bg-stone-50 p-3">
          <dt className="text-xs text-stone-600">{label}</dt>
          <dd className={`text-xl font-semibold ${tone}`}>{formatNumber(value)}</dd>
        </div>
      ))}
    </dl>
  )
}

function ApplyPanel({ importId, counts }: { importId: number; counts: ImportCounts }) {
  const queryClient = useQueryClient()
  const [mode, setMode] = useState<ImportMode>(counts.errors > 0 ? 'valid_rows' : 'all_or_nothing')
  const apply = useMutation({
    mutationFn: () => applyImportFn({ data: { importId, mode } }),
    onSuccess: (next) => {
      queryClient.setQueryData(importQueries.detail(importId).queryKey, next)
      void queryClient.invalidateQueries({ queryKey: importQueries.all })
    },
  })
  if (counts.update === 0) return <p className="text-sm text-stone-700">{m.tools_import_nothing_differs()}</p>
  return (
    <fieldset className="flex flex-col gap-3 rounded-lg border border-stone-200 p-4">
      <legend className="px-1 text-base font-semibold text-ink">{m.tools_import_step_apply()}</legend>
      <Choice
        checked={mode === 'all_or_nothing'}
        disabled={counts.errors > 0}
        onSelect={() => setMode('all_or_nothing')}
        title={m.tools_import_mode_all_or_nothing()}
      >
        {counts.errors > 0 ? m.tools_import_all_impossible() : m.tools_import_all_explained()}
      </Choice>
      <Choice
        checked={mode === 'valid_rows'}
        onSelect={() => setMode('valid_rows')}
        title={m.tools_import_apply_valid()}
      >
        {m.tools_import_valid_explained()}
      </Choice>
      <p className="text-sm text-stone-600">{m.tools_import_valid_stale_note()}</p>
      <Button
        className="self-start"
        disabled={apply.isPending}
        aria-busy={apply.isPending}
        onClick={() => apply.mutate()}
      >
        {apply.isPending
          ? m.tools_import_starting()
          : m.tools_import_apply_changes({ count: counts.update, countText: formatNumber(counts.update) })}
      </Button>
    </fieldset>
  )
}

function Choice({
  checked,
  disabled,
  onSelect,
  title,
  children,
}: {
  checked: boolean
  disabled?: boolean
  onSelect: () => void
  title: string
  children: ReactNode
}) {
  return (
    <label className={`flex gap-3 ${disabled ? 'opacity-60' : 'cursor-pointer'}`}>
      <input
        type="radio"
        name="import-mode"
        className="mt-1 size-4 accent-brand-600"
        checked={checked}
        disabled={disabled}
        onChange={onSelect}
      />
      <span className="flex flex-col">
        <span className="font-medium text-ink">{title}</span>
        <span className="text-sm text-stone-600">{children}</span>
      </span>
    </label>
  )
}

function RevertPanel({ importId }: { importId: number }) {
  const queryClient = useQueryClient()
  const [open, setOpen] = useState(false)
  const revert = useMutation({
    mutationFn: () => revertImportFn({ data: { importId } }),
    onSuccess: async (result) => {
      setOpen(false)
      const left = result.notReverted.length
      notify(
        left ? 'warning' : 'success',
        m.tools_import_reverted_rows({ count: result.reverted, countText: formatNumber(result.reverted) }) +
          (left ? m.tools_import_not_reverted_suffix({ count: left, countText: formatNumber(left) }) : ''),
      )
      await queryClient.invalidateQueries({ queryKey: importQueries.all })
    },
  })
  return (
    <div className="flex flex-col gap-2">
      <Button variant="secondary" className="self-start" onClick={() => setOpen(true)}>
        {m.tools_import_revert()}
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent
          title={m.tools_import_revert_title()}
          description={m.tools_import_revert_description()}
        >
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={() => setOpen(false)}>
              {m.tools_import_keep()}
            </Button>
            <Button
              variant="danger"
              disabled={revert.isPending}
              aria-busy={revert.isPending}
              onClick={() => revert.mutate()}
            >
              {revert.isPending ? m.tools_import_reverting() : m.tools_import_revert_confirm()}
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </div>
  )
}

/**
 * What a revert left applied stays on the page for good (the rows keep their reason), whatever
 * the status says: reverted, with these rows as they were after the import.
 */
function NotRevertedNote({ importId, count }: { importId: number; count: number }) {
  return (
    <div role="note" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-950">
      <p>
        <strong>{m.tools_import_not_reverted_rows({ count, countText: formatNumber(count) })}</strong>
        {m.tools_import_not_reverted_reason({ count })}
      </p>
      <Link
        to="/seller/inventory/import-price"
        search={{ import: importId, rows: 'not_reverted' }}
        replace
        resetScroll={false}
        className="mt-1 inline-block font-medium text-amber-950 underline underline-offset-4"
      >
        {m.tools_import_show_not_reverted()}
      </Link>
    </div>
  )
}
