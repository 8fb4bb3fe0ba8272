import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useEffect, useState, type ReactNode } from 'react'
import type { ImportMode } from '~/lib/domain-enums'
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

const STATUS_TEXT: Record<string, string> = {
  checking: 'Checking the file…',
  checked: 'Checked: nothing has changed yet',
  applying: 'Applying…',
  applied: 'Applied',
  failed: 'Not applied',
  reverted: 'Reverted',
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
        <p className="text-sm text-stone-600">Uploaded {formatTehranDateTime(data.createdAt)}</p>
      </div>
      <p role="status" data-testid="import-status" className="font-medium text-ink">
        {STATUS_TEXT[data.status]}
        {data.stockOnly ? ' (stock only)' : ''}
      </p>
      {running ? (
        data.status === 'applying' && data.mode === 'all_or_nothing' ? (
          <Progress
            done={0}
            total={0}
            text={`Applying ${data.rowsTotal.toLocaleString('en-US')} changes in one step: buyers see all of them at once, or none.`}
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
          Download the error report ({data.fileKind.toUpperCase()})
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
        aria-label="Rows done"
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
            ? `${done.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} rows`
            : `${done.toLocaleString('en-US')} rows read`)}
      </p>
    </div>
  )
}

function Summary({ counts, status }: { counts: ImportCounts; status: string }) {
  const items: [string, number, string][] = [
    ['Rows read', counts.read, 'text-ink'],
    ['To update', counts.update, 'text-ink'],
    ['Unchanged', counts.unchanged, 'text-stone-700'],
    ['Errors', counts.errors, counts.errors ? 'text-red-800' : 'text-stone-700'],
    ['Warnings', counts.warnings, counts.warnings ? 'text-amber-800' : 'text-stone-700'],
  ]
  if (status === 'applied' || status === 'reverted' || counts.stale > 0)
    items.push(
      ['Applied', counts.applied, 'text-green-800'],
      ['Stock moved (not applied)', counts.stale, counts.stale ? 'text-amber-800' : 'text-stone-700'],
      ['Skipped (errors)', counts.skipped, 'text-stone-700'],
    )
  if (status === 'reverted')
    items.push(
      ['Reverted', counts.reverted, 'text-ink'],
      ['Not reverted', counts.notReverted, counts.notReverted ? 'text-amber-800' : 'text-stone-700'],
    )
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
      {items.map(([label, value, tone]) => (
        <div key={label} className="rounded-lg bg-stone-50 p-3">
          <dt className="text-xs text-stone-600">{label}</dt>
          <dd className={`text-xl font-semibold ${tone}`}>{value.toLocaleString('en-US')}</dd>
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
  if (counts.update === 0)
    return (
      <p className="text-sm text-stone-700">
        Nothing in this file differs from your current stock and prices.
      </p>
    )
  return (
    <fieldset className="flex flex-col gap-3 rounded-lg border border-stone-200 p-4">
      <legend className="px-1 text-base font-semibold text-ink">3. Apply the changes</legend>
      <Choice
        checked={mode === 'all_or_nothing'}
        disabled={counts.errors > 0}
        onSelect={() => setMode('all_or_nothing')}
        title="All or nothing"
      >
        {counts.errors > 0
          ? 'Not possible: the file has rows with errors.'
          : 'Every row is applied, or none is: if the stock of any row moved since you downloaded the file, nothing changes and those rows are listed.'}
      </Choice>
      <Choice checked={mode === 'valid_rows'} onSelect={() => setMode('valid_rows')} title="Apply valid rows">
        Rows with errors are skipped and listed in the error report.
      </Choice>
      <p className="text-sm text-stone-600">
        With “Apply valid rows”, a row whose stock changed since you downloaded the file (an order came in) is
        not applied and is listed; the other rows are.
      </p>
      <Button
        className="self-start"
        disabled={apply.isPending}
        aria-busy={apply.isPending}
        onClick={() => apply.mutate()}
      >
        {apply.isPending
          ? 'Starting…'
          : `Apply ${counts.update.toLocaleString('en-US')} change${counts.update === 1 ? '' : 's'}`}
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
        `Reverted ${plural(result.reverted, 'row')}` +
          (left ? `; ${plural(left, 'row')} could not be reverted (listed below)` : ''),
      )
      await queryClient.invalidateQueries({ queryKey: importQueries.all })
    },
  })
  return (
    <div className="flex flex-col gap-2">
      <Button variant="secondary" className="self-start" onClick={() => setOpen(true)}>
        Revert this import
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent
          title="Revert this import?"
          description="The stock and tiers it changed go back to what they were, for every SKU nothing else changed since. The others are listed."
        >
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Keep it
            </Button>
            <Button
              variant="danger"
              disabled={revert.isPending}
              aria-busy={revert.isPending}
              onClick={() => revert.mutate()}
            >
              {revert.isPending ? 'Reverting…' : 'Revert'}
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </div>
  )
}

const plural = (n: number, word: string) => `${n.toLocaleString('en-US')} ${word}${n === 1 ? '' : 's'}`

/**
 * What a revert left applied stays on the page for good (the rows keep their reason), whatever
 * the status says: reverted, with these rows as they were after the import.
 */
function NotRevertedNote({ importId, count }: { importId: number; count: number }) {
  return (
    <div role="note" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-950">
      <p>
        <strong>{plural(count, 'row')} could not be reverted</strong>: something changed{' '}
        {count === 1 ? 'it' : 'them'} since the import (an order, a stock change or a price edit), so{' '}
        {count === 1 ? 'it keeps' : 'they keep'} the imported figures. Each is listed with the reason.
      </p>
      <Link
        to="/seller/inventory/import-price"
        search={{ import: importId, rows: 'not_reverted' }}
        replace
        resetScroll={false}
        className="mt-1 inline-block font-medium text-amber-950 underline underline-offset-4"
      >
        Show the rows not reverted
      </Link>
    </div>
  )
}
