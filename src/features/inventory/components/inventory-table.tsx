import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import {
  columnVisibilityFeature,
  createColumnHelper,
  rowSelectionFeature,
  rowSortingFeature,
  tableFeatures,
  useTable,
  type RowSelectionState,
  type SortingState,
  type Updater,
  type ColumnVisibilityState,
} from '@tanstack/react-table'
import { useVirtualizer } from '@tanstack/react-virtual'
import { useRef, useState, type KeyboardEvent } from 'react'
import { toApiError } from '~/lib/api-error'
import { currentLocale } from '~/lib/i18n'
import { formatMoney, formatNumber } from '~/lib/money'
import { notify } from '~/lib/notify'
import { formatTehranMinute, formatTehranShort } from '~/lib/tehran-time'
import { Button } from '~/ui/button'
import { Pagination } from '~/ui/pagination'
import { setSkuStatusesFn } from '../inventory.functions'
import { inventoryQueries } from '../inventory.queries'
import {
  LOW_STOCK_DEFAULT,
  MAX_BULK,
  exportQuery,
  PAGE_SIZES,
  inventorySorts,
  type InventoryRow,
  type InventorySearch,
  type InventorySort,
} from '../inventory.schemas'
import { BulkAvailability } from './bulk-availability'
import { StockCellEditor } from './stock-cell-editor'
import { m } from '~/lib/messages'
import { UserText } from '~/ui/user-text'

const features = tableFeatures({ rowSortingFeature, rowSelectionFeature, columnVisibilityFeature })
const column = createColumnHelper<typeof features, InventoryRow>()
const units = (n: number) => formatNumber(n)
/** The sheet's minute form in English (what the export writes); the Persian calendar and digits in fa. */
const lastChange = (at: string) => (currentLocale() === 'fa' ? formatTehranShort(at) : formatTehranMinute(at))
const noRows: InventoryRow[] = []
/** Pages longer than this are windowed: only the rows in view (and a margin) are in the DOM. */
const WINDOW_ABOVE = 100
/** A row's height before it is measured (a 36 px photo and the cell padding). */
const ROW_ESTIMATE = 53

/** The table's columns; the sortable ones carry the server's sort key as their id. */
const columns = column.columns([
  column.display({
    id: 'select',
    header: ({ table }) => (
      <input
        type="checkbox"
        aria-label={m.inventory_select_all_page()}
        className="size-4"
        checked={table.getIsAllPageRowsSelected()}
        onChange={(event) => table.toggleAllPageRowsSelected(event.target.checked)}
      />
    ),
    cell: ({ row }) => (
      <input
        type="checkbox"
        aria-label={m.inventory_select_sku({ sku: row.original.sku })}
        className="size-4"
        checked={row.getIsSelected()}
        onChange={(event) => row.toggleSelected(event.target.checked)}
      />
    ),
    enableSorting: false,
    enableHiding: false,
  }),
  column.accessor('productName', {
    id: 'product',
    header: () => m.inventory_col_product(),
    enableHiding: false,
    cell: ({ row }) => (
      <div className="flex min-w-48 items-center gap-2">
        {row.original.image ? (
          <img
            src={row.original.image}
            alt=""
            width={36}
            height={36}
            className="size-9 rounded object-cover"
          />
        ) : (
          <span className="size-9 rounded bg-stone-100" aria-hidden="true" />
        )}
        <UserText className="text-ink">{row.original.productName}</UserText>
      </div>
    ),
  }),
  column.accessor('sku', {
    id: 'sku',
    header: () => m.inventory_sku_label(),
    cell: ({ row }) => (
      <Link
        to="/seller/inventory/product/$sku/edit"
        params={{ sku: row.original.sku }}
        dir="ltr"
        className="font-mono text-xs font-medium whitespace-nowrap text-brand-800 underline-offset-4 hover:underline"
      >
        {row.original.sku}
      </Link>
    ),
  }),
  column.accessor('storeName', { id: 'store', header: () => m.inventory_col_store() }),
  column.accessor('stock', {
    id: 'stock',
    header: () => m.inventory_col_stock(),
    cell: ({ row, table }) => {
      const r = row.original
      const low = !r.alwaysAvailable && r.stock < r.lowStockThreshold
      const refresh = (table.options.meta as TableMeta | undefined)?.refresh
      const shown = r.alwaysAvailable ? m.inventory_always() : units(r.stock)
      // One name, the figure first as it is seen ("630: stock and ledger of …"): hidden text after
      // the figure was read with a stray space before its colon.
      const name = (low ? m.inventory_stock_link_low : m.inventory_stock_link)({ stock: shown, sku: r.sku })
      return (
        <div className="flex items-center gap-1">
          <Link
            to="/seller/inventory/stock/$sku"
            params={{ sku: r.sku }}
            aria-label={name}
            data-testid={`stock-${r.sku}`}
            className={`font-medium whitespace-nowrap tabular-nums underline-offset-4 hover:underline ${low ? 'text-red-800' : 'text-brand-800'}`}
          >
            {shown}
          </Link>
          {!r.alwaysAvailable && refresh ? <StockCellEditor row={r} onChanged={refresh} /> : null}
        </div>
      )
    },
  }),
  column.accessor('reserved', {
    id: 'reserved',
    header: () => m.inventory_col_reserved(),
    enableSorting: false,
    cell: ({ getValue }) => <span className="tabular-nums">{units(getValue())}</span>,
  }),
  column.accessor('entryPrice', {
    id: 'price',
    header: () => m.inventory_col_entry_price(),
    cell: ({ row }) =>
      row.original.entryPrice === null ? (
        <span className="text-red-800">{m.inventory_not_on_sale()}</span>
      ) : (
        <span className="whitespace-nowrap tabular-nums">
          {row.original.offerPrice !== null ? (
            <>
              <span className="text-stone-600 line-through">{formatMoney(row.original.entryPrice)}</span>{' '}
              {formatMoney(row.original.offerPrice)}
            </>
          ) : (
            formatMoney(row.original.entryPrice)
          )}
        </span>
      ),
  }),
  column.accessor('activeTiers', {
    id: 'tiers',
    header: () => m.inventory_col_active_tiers(),
    enableSorting: false,
    cell: ({ getValue }) => <span className="tabular-nums">{units(getValue())}</span>,
  }),
  column.accessor('status', {
    id: 'status',
    header: () => m.inventory_col_status(),
    enableSorting: false,
    cell: ({ getValue }) =>
      getValue() === 'active' ? m.inventory_status_active() : m.inventory_status_paused(),
  }),
  column.accessor('updatedAt', {
    id: 'updated',
    header: () => m.inventory_col_last_change(),
    cell: ({ getValue }) => <span className="whitespace-nowrap">{lastChange(getValue())}</span>,
  }),
])

const hideable = () =>
  [
    ['sku', m.inventory_sku_label()],
    ['store', m.inventory_col_store()],
    ['stock', m.inventory_col_stock()],
    ['reserved', m.inventory_col_reserved()],
    ['price', m.inventory_col_entry_price()],
    ['tiers', m.inventory_col_active_tiers()],
    ['status', m.inventory_col_status()],
    ['updated', m.inventory_col_last_change()],
  ] as const

interface TableMeta {
  refresh: () => Promise<unknown>
}

const isSort = (id: string): id is InventorySort => (inventorySorts as readonly string[]).includes(id)
const apply = <T,>(updater: Updater<T>, old: T): T =>
  typeof updater === 'function' ? (updater as (old: T) => T)(old) : updater

/** /seller/inventory: every SKU of the seller; the URL holds the search, the server does the work. */
export function InventoryTable({ search }: { search: InventorySearch }) {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const { data, isFetching } = useQuery({
    ...inventoryQueries.page(search),
    placeholderData: keepPreviousData,
  })
  const [rowSelection, setRowSelection] = useState<RowSelectionState>({})
  const [columnVisibility, setColumnVisibility] = useState<ColumnVisibilityState>({})
  const [busy, setBusy] = useState(false)
  const go = (patch: Partial<InventorySearch>) => {
    setRowSelection({})
    // From the URL as it is when this navigation runs: two filters changed in quick succession keep both.
    void navigate({
      from: '/seller/inventory/',
      to: '/seller/inventory',
      search: (prev) => ({ ...prev, page: 1, ...patch }),
    })
  }
  const sorting: SortingState = [{ id: search.sort, desc: search.desc }]
  const table = useTable({
    features,
    columns,
    data: data?.rows ?? noRows,
    getRowId: (row) => String(row.skuId),
    meta: { refresh: () => queryClient.invalidateQueries({ queryKey: inventoryQueries.all }) },
    state: { sorting, rowSelection, columnVisibility },
    manualSorting: true,
    enableSortingRemoval: false,
    onSortingChange: (updater) => {
      const [next] = apply(updater, sorting)
      if (next && isSort(next.id)) go({ sort: next.id, desc: next.desc })
    },
    onRowSelectionChange: (updater) => setRowSelection((old) => apply(updater, old)),
    onColumnVisibilityChange: (updater) => setColumnVisibility((old) => apply(updater, old)),
  })
  const rows = table.getRowModel().rows
  const windowed = rows.length > WINDOW_ABOVE
  const scrollRef = useRef<HTMLDivElement>(null)
  const virtualizer = useVirtualizer({
    count: rows.length,
    enabled: windowed,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_ESTIMATE,
    getItemKey: (index) => rows[index]?.id ?? index,
    overscan: 10,
    // The server render (and the first paint) shows the first screenful.
    initialRect: { width: 1280, height: 800 },
  })
  const items = windowed ? virtualizer.getVirtualItems() : null
  const shown = items
    ? items.flatMap((item) => (rows[item.index] ? [{ row: rows[item.index]!, index: item.index }] : []))
    : rows.map((row, index) => ({ row, index }))
  const padTop = items?.[0]?.start ?? 0
  const padBottom = items?.length ? virtualizer.getTotalSize() - items.at(-1)!.end : 0

  /**
   * Tab and Shift+Tab walk every row, not only the rendered ones: leaving the last (or first)
   * rendered row brings the next row into the window and focuses its first (or last) control.
   */
  function keepFocusInWindow(event: KeyboardEvent<HTMLTableSectionElement>) {
    if (event.key !== 'Tab' || !(event.target instanceof HTMLElement)) return
    const tr = event.target.closest<HTMLTableRowElement>('tr[data-index]')
    if (!tr) return
    const focusables = (el: Element) => [
      ...el.querySelectorAll<HTMLElement>('a[href], button:not([disabled]), input:not([disabled])'),
    ]
    const own = focusables(tr)
    const index = Number(tr.dataset.index)
    const next = event.shiftKey ? index - 1 : index + 1
    const atEdge = event.shiftKey ? own[0] === event.target : own.at(-1) === event.target
    if (!atEdge || next < 0 || next >= rows.length) return
    if (tr.parentElement?.querySelector(`tr[data-index="${next}"]`)) return
    event.preventDefault()
    virtualizer.scrollToIndex(next, { align: 'auto' })
    const focusNext = (tries: number) =>
      requestAnimationFrame(() => {
        const target = scrollRef.current?.querySelector(`tr[data-index="${next}"]`)
        const controls = target ? focusables(target) : []
        const control = event.shiftKey ? controls.at(-1) : controls[0]
        if (control) control.focus()
        else if (tries > 0) focusNext(tries - 1)
      })
    focusNext(5)
  }

  const selected = Object.keys(rowSelection)
    .filter((id) => rowSelection[id])
    .map(Number)

  async function bulk(status: 'active' | 'inactive') {
    setBusy(true)
    try {
      const { changed } = await setSkuStatusesFn({ data: { skuIds: selected, status } })
      notify(
        'success',
        (status === 'active' ? m.inventory_bulk_activated : m.inventory_bulk_paused)({
          count: changed,
          countText: formatNumber(changed),
        }),
      )
      setRowSelection({})
      await queryClient.invalidateQueries({ queryKey: inventoryQueries.all })
    } catch (error) {
      notify('error', toApiError(error).message)
    } finally {
      setBusy(false)
    }
  }

  const tooMany = selected.length > MAX_BULK
  const pageCount = data ? Math.max(1, Math.ceil(data.total / data.perPage)) : 1
  return (
    <div className="flex flex-col gap-4">
      <Filters search={search} stores={data?.stores ?? []} onChange={go} />
      <div className="flex flex-wrap items-center gap-3">
        <p className="text-sm text-stone-700" aria-live="polite" data-testid="inventory-count">
          {data
            ? m.inventory_sku_total({ count: data.total, countText: units(data.total) })
            : m.inventory_loading()}
        </p>
        {selected.length > 0 ? (
          <div
            className="flex flex-wrap items-center gap-2"
            role="group"
            aria-label={m.inventory_selected_skus()}
          >
            <span className="text-sm font-medium text-ink">
              {m.inventory_n_selected({ count: units(selected.length) })}
            </span>
            {tooMany ? (
              <span className="text-sm text-red-800">
                {m.inventory_bulk_at_most({ max: units(MAX_BULK) })}
              </span>
            ) : null}
            <Button
              size="sm"
              variant="secondary"
              disabled={busy || tooMany}
              onClick={() => void bulk('inactive')}
            >
              {m.inventory_pause()}
            </Button>
            <Button
              size="sm"
              variant="secondary"
              disabled={busy || tooMany}
              onClick={() => void bulk('active')}
            >
              {m.inventory_activate()}
            </Button>
            <BulkAvailability
              skuIds={selected}
              disabled={busy || tooMany}
              onDone={async () => {
                setRowSelection({})
                await queryClient.invalidateQueries({ queryKey: inventoryQueries.all })
              }}
            />
          </div>
        ) : null}
        <ExportLinks search={search} />
        <details className="relative">
          <summary className="cursor-pointer rounded-md border border-stone-300 bg-white px-3 py-1.5 text-sm text-ink">
            {m.inventory_columns()}
          </summary>
          <fieldset className="absolute end-0 z-20 mt-1 flex w-48 flex-col gap-1 rounded-md border border-stone-200 bg-white p-3 shadow-lg">
            <legend className="sr-only">{m.inventory_columns_to_show()}</legend>
            {hideable().map(([id, label]) => (
              <label key={id} className="flex items-center gap-2 text-sm text-ink">
                <input
                  type="checkbox"
                  className="size-4"
                  checked={columnVisibility[id] !== false}
                  onChange={(event) => setColumnVisibility((old) => ({ ...old, [id]: event.target.checked }))}
                />
                {label}
              </label>
            ))}
          </fieldset>
        </details>
      </div>
      {/* relative: the cells' absolutely placed screen-reader text (sr-only) is then clipped by this
          box; without it, it escaped to the page and the page scrolled sideways on a phone. */}
      <div
        ref={scrollRef}
        data-testid="inventory-scroller"
        className={`relative max-h-[70vh] overflow-auto rounded-xl border border-stone-200 bg-white ${isFetching ? 'opacity-70' : ''}`}
      >
        <table
          className="w-full border-collapse text-start text-sm"
          aria-label={m.inventory_table_label()}
          aria-rowcount={rows.length + 1}
        >
          <thead className="sticky top-0 z-10 bg-stone-50 text-xs font-semibold tracking-wide text-stone-600 uppercase">
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const sorted = header.column.getIsSorted()
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      className="border-b border-stone-200 px-3 py-2 whitespace-nowrap"
                      aria-sort={
                        sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined
                      }
                    >
                      {header.column.getCanSort() ? (
                        <button
                          type="button"
                          className="inline-flex items-center gap-1 uppercase hover:text-ink"
                          onClick={header.column.getToggleSortingHandler()}
                        >
                          <table.FlexRender header={header} />
                          <span aria-hidden="true">
                            {sorted === 'asc' ? '↑' : sorted === 'desc' ? '↓' : '↕'}
                          </span>
                        </button>
                      ) : (
                        <table.FlexRender header={header} />
                      )}
                    </th>
                  )
                })}
              </tr>
            ))}
          </thead>
          <tbody onKeyDown={windowed ? keepFocusInWindow : undefined}>
            {padTop > 0 ? (
              <tr aria-hidden="true" style={{ height: padTop }}>
                <td colSpan={columns.length} />
              </tr>
            ) : null}
            {shown.map(({ row, index }) => (
              <tr
                key={row.id}
                data-index={index}
                ref={windowed ? virtualizer.measureElement : undefined}
                aria-rowindex={index + 2}
                className="border-b border-stone-100 last:border-0"
              >
                {row.getVisibleCells().map((cell) => (
                  <td key={cell.id} className="px-3 py-2 align-middle">
                    <table.FlexRender cell={cell} />
                  </td>
                ))}
              </tr>
            ))}
            {padBottom > 0 ? (
              <tr aria-hidden="true" style={{ height: padBottom }}>
                <td colSpan={columns.length} />
              </tr>
            ) : null}
            {data && data.rows.length === 0 ? (
              <tr>
                <td colSpan={columns.length} className="px-3 py-8 text-center text-stone-600">
                  {m.inventory_no_skus_match()}
                </td>
              </tr>
            ) : null}
          </tbody>
        </table>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <label className="flex items-center gap-2 text-sm text-ink">
          {m.inventory_rows_per_page()}
          <select
            className="rounded-md border border-stone-300 bg-white px-2 py-1"
            value={search.perPage}
            onChange={(event) => go({ perPage: Number(event.target.value) as InventorySearch['perPage'] })}
          >
            {PAGE_SIZES.map((size) => (
              <option key={size} value={size}>
                {units(size)}
              </option>
            ))}
          </select>
        </label>
        <Pagination
          page={search.page}
          pageCount={pageCount}
          renderLink={(target, props) => (
            <Link to="/seller/inventory" search={{ ...search, page: target }} {...props} />
          )}
        />
      </div>
      <p className="text-xs text-stone-600">
        {m.inventory_table_footnote({
          max: units(MAX_BULK),
          window: units(WINDOW_ABOVE),
          low: units(LOW_STOCK_DEFAULT),
        })}
      </p>
    </div>
  )
}

function Filters({
  search,
  stores,
  onChange,
}: {
  search: InventorySearch
  stores: { id: number; name: string }[]
  onChange: (patch: Partial<InventorySearch>) => void
}) {
  const [q, setQ] = useState(search.q)
  const toggle = (key: 'discounted' | 'expiring' | 'noTier', label: string) => (
    <label className="flex items-center gap-2 text-sm text-ink">
      <input
        type="checkbox"
        className="size-4"
        checked={search[key]}
        onChange={(event) => onChange({ [key]: event.target.checked })}
      />
      {label}
    </label>
  )
  return (
    <div className="flex flex-col gap-3">
      <form
        role="search"
        className="flex flex-wrap items-end gap-3"
        onSubmit={(event) => {
          event.preventDefault()
          onChange({ q })
        }}
      >
        <label className="flex flex-col gap-1 text-sm font-medium text-ink">
          {m.inventory_search()}
          <input
            type="search"
            value={q}
            maxLength={100}
            onChange={(event) => setQ(event.target.value)}
            placeholder={m.inventory_search_product_placeholder()}
            className="w-64 rounded-md border border-stone-300 px-3 py-2 font-normal"
          />
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium text-ink">
          {m.inventory_col_store()}
          <select
            value={search.store ?? ''}
            onChange={(event) =>
              onChange({ store: event.target.value ? Number(event.target.value) : undefined })
            }
            className="rounded-md border border-stone-300 bg-white px-3 py-2 font-normal"
          >
            <option value="">{m.inventory_all_stores()}</option>
            {stores.map((store) => (
              <option key={store.id} value={store.id}>
                {store.name}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium text-ink">
          {m.inventory_status()}
          <select
            value={search.status}
            onChange={(event) => onChange({ status: event.target.value as InventorySearch['status'] })}
            className="rounded-md border border-stone-300 bg-white px-3 py-2 font-normal"
          >
            <option value="all">{m.inventory_any_status()}</option>
            <option value="active">{m.inventory_status_active()}</option>
            <option value="inactive">{m.inventory_status_paused()}</option>
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium text-ink">
          {m.inventory_col_stock()}
          <select
            value={search.stock}
            onChange={(event) => onChange({ stock: event.target.value as InventorySearch['stock'] })}
            className="rounded-md border border-stone-300 bg-white px-3 py-2 font-normal"
          >
            <option value="all">{m.inventory_any_stock()}</option>
            <option value="low">{m.inventory_low_stock()}</option>
            <option value="out">{m.inventory_out_of_stock()}</option>
          </select>
        </label>
        <Button type="submit" variant="secondary">
          {m.inventory_search()}
        </Button>
      </form>
      <div className="flex flex-wrap gap-4">
        {toggle('discounted', m.inventory_discounted())}
        {toggle('expiring', m.inventory_tiers_ending())}
        {toggle('noTier', m.inventory_no_valid_tier())}
      </div>
    </div>
  )
}

/** The filtered table as a price and stock sheet: every page, in the columns the import reads back. */
function ExportLinks({ search }: { search: InventorySearch }) {
  return (
    <div className="ms-auto flex items-center gap-2" role="group" aria-label={m.inventory_export_these()}>
      <span className="text-sm text-stone-700">{m.inventory_export()}</span>
      {(['csv', 'xlsx'] as const).map((format) => (
        <a
          key={format}
          href={`/api/seller/inventory/export?${exportQuery(search, format)}`}
          download
          className="rounded-md border border-stone-300 bg-white px-3 py-1.5 text-sm font-medium text-ink hover:bg-stone-50"
        >
          {format.toUpperCase()}
          <span className="sr-only">{m.inventory_sr_export_file()}</span>
        </a>
      ))}
    </div>
  )
}
