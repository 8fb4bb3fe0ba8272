import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { formatTehranDateTime } from '~/lib/tehran-time'
import { buttonClasses } from '~/ui/button'
import { Pagination } from '~/ui/pagination'
import { Table, TBody, THead, Td, Th, Tr } from '~/ui/table'
import { importQueries } from '../imports.queries'
import { IMPORTS_PER_PAGE, type RowFilter } from '../imports.schemas'
import { ImportDetail } from './import-detail'
import { ImportUpload } from './import-upload'

const STATUS_LABEL: Record<string, string> = {
  checking: 'Checking',
  checked: 'Checked, not applied',
  applying: 'Applying',
  applied: 'Applied',
  failed: 'Failed',
  reverted: 'Reverted',
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
          Import prices and stock
        </h1>
        <p className="max-w-2xl text-stone-700">
          Change many prices and stock figures at once from a spreadsheet. Every change is checked first and
          shown to you; nothing changes until you apply it, and an applied import can be reverted.
        </p>
      </header>
      <div className="grid gap-4 lg:grid-cols-2">
        <div className="flex flex-col gap-3 rounded-xl border border-stone-200 bg-white p-4 sm:p-6">
          <h2 className="text-lg font-semibold text-ink">1. Download your price sheet</h2>
          <p className="text-sm text-stone-700">
            Every SKU of yours with its current stock and up to three price tiers. Edit <em>New stock</em> and
            the tier columns; leave <em>Current stock</em> as it is, so a row whose stock moved meanwhile is
            not overwritten. Dates are Tehran time (YYYY-MM-DD or YYYY-MM-DD HH:mm); prices are whole rials.
          </p>
          <div className="flex flex-wrap gap-2">
            <a
              className={buttonClasses('secondary')}
              href="/api/seller/imports/template?format=xlsx"
              download
            >
              Download XLSX
            </a>
            <a className={buttonClasses('secondary')} href="/api/seller/imports/template?format=csv" download>
              Download CSV
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

const MODE_LABEL: Record<string, string> = {
  all_or_nothing: 'All or nothing',
  valid_rows: 'Valid rows',
}

const n = (value: number) => value.toLocaleString('en-US')

function ImportHistory({ current, page }: { current?: number; page: number }) {
  const { data } = useQuery(importQueries.history(page))
  if (!data || data.total === 0) return null
  const pageCount = Math.max(1, Math.ceil(data.total / IMPORTS_PER_PAGE))
  return (
    <section aria-labelledby="history-title" className="flex flex-col gap-3">
      <h2 id="history-title" className="text-lg font-semibold text-ink">
        Your imports <span className="text-sm font-normal text-stone-600">({n(data.total)})</span>
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
              {formatTehranDateTime(item.createdAt)} · {item.uploadedBy ?? 'A former user'}
            </p>
            <p>
              {STATUS_LABEL[item.status]}
              {item.mode ? ` · ${MODE_LABEL[item.mode]}` : ''}
            </p>
            <p className="text-stone-700">
              {n(item.counts.read)} rows · {n(item.counts.applied)} applied · {n(item.counts.errors)} errors ·{' '}
              {n(item.counts.stale)} stock moved · {n(item.counts.skipped)} skipped
            </p>
          </li>
        ))}
      </ul>
      <div className="hidden overflow-x-auto xl:block">
        <Table aria-labelledby="history-title">
          <THead>
            <Tr>
              <Th>Uploaded</Th>
              <Th>File</Th>
              <Th>Mode</Th>
              <Th>Status</Th>
              <Th className="text-end">Rows</Th>
              <Th className="text-end">Applied</Th>
              <Th className="text-end">Errors</Th>
              <Th className="text-end">Stock moved</Th>
              <Th className="text-end">Skipped</Th>
              <Th>
                <span className="sr-only">Open</span>
              </Th>
            </Tr>
          </THead>
          <TBody>
            {data.imports.map((item) => (
              <Tr key={item.id} aria-current={item.id === current ? 'true' : undefined}>
                <Td className="text-sm">
                  <span className="whitespace-nowrap">{formatTehranDateTime(item.createdAt)}</span>
                  <br />
                  <span className="text-stone-600">by {item.uploadedBy ?? 'a former user'}</span>
                </Td>
                <Td className="max-w-40 truncate text-sm" title={item.fileName}>
                  {item.fileName}
                </Td>
                <Td className="text-sm whitespace-nowrap">{item.mode ? MODE_LABEL[item.mode] : '—'}</Td>
                <Td className="text-sm">{STATUS_LABEL[item.status]}</Td>
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
                    Open<span className="sr-only"> import of {item.fileName}</span>
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
