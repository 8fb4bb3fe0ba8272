import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import type { ImportRowState } from '~/lib/import-shapes'
import { formatTehranMinute } from '~/lib/tehran-time'
import { cn } from '~/lib/cn'
import { Pagination } from '~/ui/pagination'
import { Skeleton } from '~/ui/skeleton'
import { Table, TBody, THead, Td, Th, Tr } from '~/ui/table'
import type { fetchImport, fetchImportRows } from '../imports.functions'
import { importQueries } from '../imports.queries'
import { ROWS_PER_PAGE, type RowFilter } from '../imports.schemas'

type Counts = Awaited<ReturnType<typeof fetchImport>>['counts']

const FILTERS: { value: RowFilter; label: string; count: (c: Counts) => number | null }[] = [
  { value: 'all', label: 'All rows', count: (c) => c.read },
  { value: 'update', label: 'To update', count: (c) => c.update },
  { value: 'error', label: 'Errors', count: (c) => c.errors },
  { value: 'warning', label: 'Warnings', count: (c) => c.warnings },
  { value: 'unchanged', label: 'Unchanged', count: (c) => c.unchanged },
  { value: 'stale', label: 'Not applied (stock moved)', count: (c) => c.stale || null },
  { value: 'not_reverted', label: 'Not reverted', count: (c) => c.notReverted || null },
]

const num = (n: number) => n.toLocaleString('en-US')

function tiersText(tiers: NonNullable<ImportRowState['tiers']>): string {
  if (tiers.length === 0) return 'none'
  return tiers
    .map((t) => {
      const price = t.offerPrice > 0 ? `${num(t.offerPrice)} (was ${num(t.unitPrice)})` : num(t.unitPrice)
      const from = t.validFrom ? ` from ${formatTehranMinute(t.validFrom)}` : ''
      const to = t.validTo ? ` until ${formatTehranMinute(t.validTo)}` : ''
      return `${num(t.minQuantity)}+ units: ${price}${from}${to}`
    })
    .join('; ')
}

/** Old → new, in words, for each thing the row changes. */
function Changes({ before, after }: { before: ImportRowState | null; after: ImportRowState | null }) {
  if (!before || !after) return <span className="text-stone-500">—</span>
  return (
    <ul className="flex flex-col gap-1">
      {after.stock !== undefined ? (
        <li>
          Stock {num(before.stock ?? 0)} → <strong>{num(after.stock)}</strong>
        </li>
      ) : null}
      {after.alwaysAvailable !== undefined ? (
        <li>Always available: {after.alwaysAvailable ? 'no → yes' : 'yes → no'}</li>
      ) : null}
      {after.tiers ? (
        <li>
          <span className="text-stone-600">Tiers {tiersText(before.tiers ?? [])}</span>
          <br />→ <strong>{tiersText(after.tiers)}</strong>
        </li>
      ) : null}
    </ul>
  )
}

const RESULT_TEXT: Record<string, string> = {
  applied: 'Applied',
  skipped: 'Skipped',
  stale: 'Not applied',
  reverted: 'Reverted',
  not_reverted: 'Not reverted',
}

type Row = Awaited<ReturnType<typeof fetchImportRows>>['rows'][number]

function Messages({ row }: { row: Row }) {
  return (
    <div>
      {row.result ? <p className="font-medium">{RESULT_TEXT[row.result]}</p> : null}
      {row.errors.map((message) => (
        <p key={message} className="text-red-800">
          {message}
        </p>
      ))}
      {row.notReverted ? <p className="text-amber-800">{row.notReverted}</p> : null}
      {row.warnings.map((message) => (
        <p key={message} className="text-amber-800">
          {message}
        </p>
      ))}
      {!row.result && row.errors.length === 0 && row.warnings.length === 0 ? (
        <span className="text-stone-500">{row.outcome === 'unchanged' ? 'Unchanged' : 'OK'}</span>
      ) : null}
    </div>
  )
}

/** The dry run's per-row diff: filterable, paged, the same rows the error report holds. */
export function ImportRows({
  importId,
  filter,
  page,
  counts,
}: {
  importId: number
  filter: RowFilter
  page: number
  counts: Counts
}) {
  const { data, isPending } = useQuery(importQueries.rows(importId, filter, page))
  const pageCount = Math.max(1, Math.ceil((data?.total ?? 0) / ROWS_PER_PAGE))
  return (
    <div className="flex flex-col gap-3">
      <nav aria-label="Rows to show" className="flex flex-wrap gap-2">
        {FILTERS.map((item) => {
          const count = item.count(counts)
          if (count === null) return null
          const active = item.value === filter
          return (
            <Link
              key={item.value}
              to="/seller/inventory/import-price"
              search={{ import: importId, rows: item.value }}
              replace
              resetScroll={false}
              aria-current={active ? 'page' : undefined}
              className={cn(
                'rounded-full border px-3 py-1 text-sm',
                active
                  ? 'border-brand-600 bg-brand-50 font-medium text-ink'
                  : 'border-stone-300 text-stone-700 hover:bg-stone-50',
              )}
            >
              {item.label} ({num(count)})
            </Link>
          )
        })}
      </nav>
      {isPending || !data ? (
        <Skeleton className="h-32 w-full" />
      ) : data.rows.length === 0 ? (
        <p className="text-sm text-stone-600">No rows here.</p>
      ) : (
        <>
          {/* Phones: one card per row; wider screens: a table. */}
          <ol className="flex flex-col gap-2 sm:hidden">
            {data.rows.map((row) => (
              <li key={row.rowNumber} className="rounded-lg border border-stone-200 p-3 text-sm">
                <p className="flex justify-between gap-2">
                  <span className="font-mono text-xs break-all">{row.sku}</span>
                  <span className="shrink-0 text-stone-600">Row {row.rowNumber}</span>
                </p>
                <div className="mt-1">
                  <Changes before={row.before} after={row.after} />
                </div>
                <Messages row={row} />
              </li>
            ))}
          </ol>
          <div className="hidden overflow-x-auto sm:block">
            <Table>
              <THead>
                <Tr>
                  <Th className="w-16">Row</Th>
                  <Th>SKU</Th>
                  <Th>Change</Th>
                  <Th>Messages</Th>
                </Tr>
              </THead>
              <TBody>
                {data.rows.map((row) => (
                  <Tr key={row.rowNumber}>
                    <Td>{row.rowNumber}</Td>
                    <Td className="font-mono text-xs whitespace-nowrap">{row.sku}</Td>
                    <Td className="text-sm">
                      <Changes before={row.before} after={row.after} />
                    </Td>
                    <Td className="text-sm">
                      <Messages row={row} />
                    </Td>
                  </Tr>
                ))}
              </TBody>
            </Table>
          </div>
        </>
      )}
      <Pagination
        page={page}
        pageCount={pageCount}
        renderLink={(target, props) => (
          <Link
            key={target}
            to="/seller/inventory/import-price"
            search={{
              import: importId,
              rows: filter,
              page: target > 1 ? target : undefined,
            }}
            resetScroll={false}
            {...props}
          />
        )}
      />
    </div>
  )
}
