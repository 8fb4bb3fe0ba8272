import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import type { ImportRowState } from '~/lib/import-shapes'
import { currentLocale } from '~/lib/i18n'
import { m } from '~/lib/messages'
import { formatNumber } from '~/lib/money'
import { formatTehranMinute, formatTehranShort } from '~/lib/tehran-time'
import { cn } from '~/lib/cn'
import { Pagination } from '~/ui/pagination'
import { Skeleton } from '~/ui/skeleton'
import { Table, TBody, THead, Td, Th, Tr } from '~/ui/table'
import type { fetchImport, fetchImportRows } from '../imports.functions'
import { importQueries } from '../imports.queries'
import { ROWS_PER_PAGE, type RowFilter } from '../imports.schemas'

type Counts = Awaited<ReturnType<typeof fetchImport>>['counts']

const FILTERS: { value: RowFilter; label: () => string; count: (c: Counts) => number | null }[] = [
  { value: 'all', label: m.tools_rows_filter_all, count: (c) => c.read },
  { value: 'update', label: m.tools_import_sum_update, count: (c) => c.update },
  { value: 'error', label: m.tools_import_sum_errors, count: (c) => c.errors },
  { value: 'warning', label: m.tools_import_sum_warnings, count: (c) => c.warnings },
  { value: 'unchanged', label: m.tools_import_sum_unchanged, count: (c) => c.unchanged },
  { value: 'stale', label: m.tools_rows_filter_stale, count: (c) => c.stale || null },
  { value: 'not_reverted', label: m.tools_import_not_reverted, count: (c) => c.notReverted || null },
]

const num = formatNumber

/** The sheet's own form in English (what the seller typed); the page's calendar and digits in Persian. */
const tierTime = (date: Date | string) =>
  currentLocale() === 'fa' ? formatTehranShort(date) : formatTehranMinute(date)

function tiersText(tiers: NonNullable<ImportRowState['tiers']>): string {
  if (tiers.length === 0) return m.tools_rows_tiers_none()
  return tiers
    .map((t) => {
      const price =
        t.offerPrice > 0
          ? m.tools_rows_offer_price({ offer: num(t.offerPrice), unit: num(t.unitPrice) })
          : num(t.unitPrice)
      const from = t.validFrom ? m.tools_rows_tier_from({ time: tierTime(t.validFrom) }) : ''
      const to = t.validTo ? m.tools_rows_tier_until({ time: tierTime(t.validTo) }) : ''
      return m.tools_rows_tier({ min: num(t.minQuantity), price, from, to })
    })
    .join(m.tools_rows_tier_separator())
}

/** Old → new, in words, for each thing the row changes. */
function Changes({ before, after }: { before: ImportRowState | null; after: ImportRowState | null }) {
  if (!before || !after) return <span className="text-stone-500">—</span>
  return (
    <ul className="flex flex-col gap-1">
      {after.stock !== undefined ? (
        <li>
          {m.tools_rows_stock_change({ before: num(before.stock ?? 0) })}
          <strong>{num(after.stock)}</strong>
        </li>
      ) : null}
      {after.alwaysAvailable !== undefined ? (
        <li>{after.alwaysAvailable ? m.tools_rows_always_on() : m.tools_rows_always_off()}</li>
      ) : null}
      {after.tiers ? (
        <li>
          <span className="text-stone-600">
            {m.tools_rows_tiers_before({ tiers: tiersText(before.tiers ?? []) })}
          </span>
          <br />
          {m.tools_rows_arrow()}
          <strong>{tiersText(after.tiers)}</strong>
        </li>
      ) : null}
    </ul>
  )
}

const resultText = (result: string): string => {
  const words: Record<string, (() => string) | undefined> = {
    applied: m.tools_import_status_applied,
    skipped: m.tools_import_col_skipped,
    stale: m.tools_import_state_failed,
    reverted: m.tools_import_status_reverted,
    not_reverted: m.tools_import_not_reverted,
  }
  return words[result]?.() ?? result
}

type Row = Awaited<ReturnType<typeof fetchImportRows>>['rows'][number]

function Messages({ row }: { row: Row }) {
  return (
    <div>
      {row.result ? <p className="font-medium">{resultText(row.result)}</p> : null}
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
        <span className="text-stone-500">
          {row.outcome === 'unchanged' ? m.tools_import_sum_unchanged() : m.tools_rows_ok()}
        </span>
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
      <nav aria-label={m.tools_rows_filters()} className="flex flex-wrap gap-2">
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
              {item.label()} ({num(count)})
            </Link>
          )
        })}
      </nav>
      {isPending || !data ? (
        <Skeleton className="h-32 w-full" />
      ) : data.rows.length === 0 ? (
        <p className="text-sm text-stone-600">{m.tools_rows_empty()}</p>
      ) : (
        <>
          {/* Phones: one card per row; wider screens: a table. */}
          <ol className="flex flex-col gap-2 sm:hidden">
            {data.rows.map((row) => (
              <li key={row.rowNumber} className="rounded-lg border border-stone-200 p-3 text-sm">
                <p className="flex justify-between gap-2">
                  <span dir="ltr" className="font-mono text-xs break-all">
                    {row.sku}
                  </span>
                  <span className="shrink-0 text-stone-600">
                    {m.tools_rows_row({ row: num(row.rowNumber) })}
                  </span>
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
                  <Th className="w-16">{m.tools_rows_col_row()}</Th>
                  <Th>{m.tools_rows_col_sku()}</Th>
                  <Th>{m.tools_rows_col_change()}</Th>
                  <Th>{m.tools_rows_col_messages()}</Th>
                </Tr>
              </THead>
              <TBody>
                {data.rows.map((row) => (
                  <Tr key={row.rowNumber}>
                    <Td>{num(row.rowNumber)}</Td>
                    <Td className="font-mono text-xs whitespace-nowrap">
                      <span dir="ltr">{row.sku}</span>
                    </Td>
                    <Td className="text-sm">
                      <Changes before={row.before} after={row.after} />
                    </Td>
                    <Td text className="text-sm">
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
