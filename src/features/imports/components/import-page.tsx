import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { m } from '~/lib/messages'
import { formatNumber } from '~/lib/money'
import { formatTehranDateTime } from '~/lib/tehran-time'
import { buttonClasses } from '~/ui/button'
import { Pagination } from '~/ui/pagination'
import { Table, TBody, THead, Td, Th, Tr } from '~/ui/table'
import { importQueries } from '../imports.queries'
import { SKU_COLUMNS } from '../import-format'
import { IMPORTS_PER_PAGE, type RowFilter } from '../imports.schemas'
import { ImportDetail } from './import-detail'
import { ImportUpload } from './import-upload'

const statusLabel = (status: string): string => {
  const words: Record<string, (() => string) | undefined> = {
    checking: m.tools_import_status_checking,
    checked: m.tools_import_status_checked,
    applying: m.tools_import_status_applying,
    applied: m.tools_import_status_applied,
    failed: m.tools_import_status_failed,
    reverted: m.tools_import_status_reverted,
  }
  return words[status]?.() ?? status
}

/**
 * /seller/inventory/import-price: download the sheet, upload it edited, read the dry run, apply,
 * revert. The import on show lives in the URL, so a reload (or a shared link) comes back to it.
 */
export function ImportPricePage({
  importId,
  rowFilter,
  page,
  historyPage,
  onStarted,
}: {
  importId?: number
  rowFilter?: RowFilter
  page: number
  historyPage: number
  onStarted: (importId: number) => void
}) {
  return (
    <section aria-labelledby="page-title" className="flex flex-col gap-6">
      <header className="flex flex-col gap-1">
        <h1 id="page-title" className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">
          {m.tools_import_title()}
        </h1>
        <p className="max-w-2xl text-stone-700">{m.tools_import_intro()}</p>
      </header>
      <div className="grid gap-4 lg:grid-cols-2">
        <div className="flex flex-col gap-3 rounded-xl border border-stone-200 bg-white p-4 sm:p-6">
          <h2 className="text-lg font-semibold text-ink">{m.tools_import_step_download()}</h2>
          {/* The column names are the file's own (the parser reads them), so they stay as written. */}
          <p className="text-sm text-stone-700">
            {m.tools_import_sheet_hint_start()}
            <em dir="ltr">{SKU_COLUMNS.newStock}</em>
            {m.tools_import_sheet_hint_middle()}
            <em dir="ltr">{SKU_COLUMNS.currentStock}</em>
            {m.tools_import_sheet_hint_end()}
          </p>
          <div className="flex flex-wrap gap-2">
            <a
              className={buttonClasses('secondary')}
              href="/api/seller/imports/template?format=xlsx"
              download
            >
              {m.tools_import_download_xlsx()}
            </a>
            <a className={buttonClasses('secondary')} href="/api/seller/imports/template?format=csv" download>
              {m.tools_import_download_csv()}
            </a>
          </div>
        </div>
        <div className="rounded-xl border border-stone-200 bg-white p-4 sm:p-6">
          <ImportUpload onStarted={onStarted} />
        </div>
      </div>
      {importId ? (
        <ImportDetail key={importId} importId={importId} rowFilter={rowFilter} page={page} />
      ) : null}
      <ImportHistory current={importId} page={historyPage} />
    </section>
  )
}

const modeLabel = (mode: string): string =>
  mode === 'all_or_nothing' ? m.tools_import_mode_all_or_nothing() : m.tools_import_mode_valid_rows()

const n = formatNumber

function ImportHistory({ current, page }: { current?: number; page: number }) {
  const { data } = useQuery(importQueries.history(page))
  if (!data || data.total === 0) return null
  const pageCount = Math.max(1, Math.ceil(data.total / IMPORTS_PER_PAGE))
  return (
    <section aria-labelledby="history-title" className="flex flex-col gap-3">
      <h2 id="history-title" className="text-lg font-semibold text-ink">
        {m.tools_import_history_title()}{' '}
        <span className="text-sm font-normal text-stone-600">({n(data.total)})</span>
      </h2>
      <ul className="flex flex-col gap-2 xl:hidden" data-testid="import-history-cards">
        {data.imports.map((item) => (
          <li key={item.id} className="rounded-lg border border-stone-200 bg-white p-3 text-sm">
            <Link
              to="/seller/inventory/import-price"
              search={{ import: item.id }}
              className="font-medium break-all text-brand-800 underline-offset-4 hover:underline"
            >
              {item.fileName}
            </Link>
            <p className="text-stone-600">
              {formatTehranDateTime(item.createdAt)} · {item.uploadedBy ?? m.tools_import_former_user()}
            </p>
            <p>
              {statusLabel(item.status)}
              {item.mode ? ` · ${modeLabel(item.mode)}` : ''}
            </p>
            <p className="text-stone-700">
              {m.tools_import_history_counts({
                read: n(item.counts.read),
                applied: n(item.counts.applied),
                errors: n(item.counts.errors),
                stale: n(item.counts.stale),
                skipped: n(item.counts.skipped),
              })}
            </p>
          </li>
        ))}
      </ul>
      <div className="hidden overflow-x-auto xl:block">
        <Table aria-labelledby="history-title">
          <THead>
            <Tr>
              <Th>{m.tools_import_col_uploaded()}</Th>
              <Th>{m.tools_import_col_file()}</Th>
              <Th>{m.tools_import_col_mode()}</Th>
              <Th>{m.tools_import_col_status()}</Th>
              <Th className="text-end">{m.tools_import_col_rows()}</Th>
              <Th className="text-end">{m.tools_import_col_applied()}</Th>
              <Th className="text-end">{m.tools_import_col_errors()}</Th>
              <Th className="text-end">{m.tools_import_col_stale()}</Th>
              <Th className="text-end">{m.tools_import_col_skipped()}</Th>
              <Th>
                <span className="sr-only">{m.tools_import_open()}</span>
              </Th>
            </Tr>
          </THead>
          <TBody>
            {data.imports.map((item) => (
              <Tr key={item.id} aria-current={item.id === current ? 'true' : undefined}>
                <Td className="text-sm">
                  <span className="whitespace-nowrap">{formatTehranDateTime(item.createdAt)}</span>
                  <br />
                  <span className="text-stone-600">
                    {m.tools_import_uploaded_by({
                      name: item.uploadedBy ?? m.tools_import_former_user_lower(),
                    })}
                  </span>
                </Td>
                <Td className="max-w-40 truncate text-sm" title={item.fileName}>
                  {item.fileName}
                </Td>
                <Td className="text-sm whitespace-nowrap">{item.mode ? modeLabel(item.mode) : '—'}</Td>
                <Td className="text-sm">{statusLabel(item.status)}</Td>
                <Td className="text-end text-sm">{n(item.counts.read)}</Td>
                <Td className="text-end text-sm">{n(item.counts.applied)}</Td>
                <Td className="text-end text-sm">{n(item.counts.errors)}</Td>
                <Td className="text-end text-sm">{n(item.counts.stale)}</Td>
                <Td className="text-end text-sm">{n(item.counts.skipped)}</Td>
                <Td>
                  <Link
                    to="/seller/inventory/import-price"
                    search={{ import: item.id }}
                    className={buttonClasses('link', 'sm')}
                  >
                    {m.tools_import_open()}
                    <span className="sr-only">{m.tools_import_open_suffix({ file: item.fileName })}</span>
                  </Link>
                </Td>
              </Tr>
            ))}
          </TBody>
        </Table>
      </div>
      <Pagination
        page={page}
        pageCount={pageCount}
        renderLink={(target, props) => (
          <Link
            key={target}
            to="/seller/inventory/import-price"
            search={(prev) => ({ ...prev, history: target > 1 ? target : undefined })}
            resetScroll={false}
            {...props}
          />
        )}
      />
    </section>
  )
}
