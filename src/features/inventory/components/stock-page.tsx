import { useQuery, useQueryClient, useSuspenseQuery, keepPreviousData } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useHydrated } from '~/ui/use-hydrated'
import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'
import { notify } from '~/lib/notify'
import { currentLocale, textDirection } from '~/lib/i18n'
import { formatNumber } from '~/lib/money'
import {
  formatTehranDateTime,
  formatTehranDay,
  formatTehranMinute,
  formatTehranShort,
} from '~/lib/tehran-time'
import { FormError, useAppForm } from '~/ui/form/app-form'
import { Pagination } from '~/ui/pagination'
import { Table, TBody, Td, Th, THead, Tr } from '~/ui/table'
import { adjustStockFn, setLowStockThresholdFn } from '../stock.functions'
import { stockQueries } from '../stock.queries'
import {
  adjustStockInput,
  lowStockThresholdInput,
  movementWhat,
  reasonLabel,
  stockModes,
  stockReasons,
  targetStock,
  type SkuStockView,
  type StockMode,
} from '../stock.schemas'
import { m } from '~/lib/messages'

const units = (n: number) => formatNumber(n)
/** The ledger's minute form in English; the Persian calendar and digits in fa. */
const when = (at: string) => (currentLocale() === 'fa' ? formatTehranShort(at) : formatTehranMinute(at))

/** /seller/inventory/stock/{sku}: the figure, its history, an adjustment, and the ledger that explains it. */
export function StockPage({ sku, page }: { sku: string; page: number }) {
  const { data: view } = useSuspenseQuery(stockQueries.sku(sku))
  return (
    <section aria-labelledby="page-title" className="flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        <Link
          to="/seller/stores/$storeId/products"
          params={{ storeId: String(view.storeId) }}
          search={{}}
          className="self-start text-sm font-medium text-brand-800 underline-offset-4 hover:underline"
        >
          {m.inventory_back_to_store_products({ name: view.storeName })}
        </Link>
        <h1 id="page-title" className="text-2xl font-bold tracking-tight text-ink">
          {m.inventory_stock_of_product({ name: view.productName })}
        </h1>
        <p className="text-sm text-stone-600">
          {m.inventory_sku_label()}{' '}
          <span dir="ltr" className="font-mono">
            {view.sku}
          </span>{' '}
          · {view.storeName}
          {view.status !== 'active' ? m.inventory_paused_suffix() : ''} ·{' '}
          <Link
            to="/seller/inventory/price/$sku/create"
            params={{ sku: view.sku }}
            className="font-medium text-brand-800 underline-offset-4 hover:underline"
          >
            {m.inventory_price_tiers()}
          </Link>{' '}
          ·{' '}
          <Link
            to="/product/$slug"
            params={{ slug: view.productSlug }}
            className="font-medium text-brand-800 underline-offset-4 hover:underline"
          >
            {m.inventory_product_page()}
            <span className="sr-only">{m.inventory_sr_as_buyers()}</span>
          </Link>
        </p>
      </div>
      <dl className="grid grid-cols-2 gap-3 sm:max-w-lg">
        <Figure
          label={m.inventory_in_stock()}
          value={view.alwaysAvailable ? m.inventory_always_available() : units(view.stock)}
          unit={view.alwaysAvailable ? undefined : view.unit}
          testId="stock-figure"
        />
        <Figure label={m.inventory_reserved_unpaid()} value={units(view.reservedUnpaid)} unit={view.unit} />
      </dl>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <StockChart view={view} />
        {view.alwaysAvailable ? (
          <p className="rounded-lg border border-stone-200 bg-white p-4 text-sm text-stone-700">
            {m.inventory_always_available_no_count()}
          </p>
        ) : (
          <div className="flex flex-col gap-6">
            <AdjustForm view={view} />
            <ThresholdForm view={view} />
          </div>
        )}
      </div>
      <Ledger sku={sku} page={page} />
    </section>
  )
}

function Figure({
  label,
  value,
  unit,
  testId,
}: {
  label: string
  value: string
  unit?: string
  testId?: string
}) {
  return (
    <div className="rounded-lg border border-stone-200 bg-white p-3">
      <dt className="text-xs font-medium text-stone-600">{label}</dt>
      <dd className="mt-1 text-lg font-semibold text-ink">
        <span data-testid={testId} className="tabular-nums">
          {value}
        </span>
        {unit ? <span className="ms-1 text-sm font-normal text-stone-600">{unit}</span> : null}
      </dd>
    </div>
  )
}

/** The figure after each movement (the last 200). Drawn in the browser only: the chart measures its box. */
function StockChart({ view }: { view: SkuStockView }) {
  const mounted = useHydrated()
  const rtl = textDirection() === 'rtl'
  const points = view.history.map((h) => ({ t: new Date(h.at).getTime(), quantity: h.quantity }))
  return (
    <figure className="flex flex-col gap-2 self-start rounded-lg border border-stone-200 bg-white p-4">
      <figcaption className="text-sm font-semibold text-ink">{m.inventory_stock_over_time()}</figcaption>
      {points.length < 2 ? (
        <p className="text-sm text-stone-600">{m.inventory_chart_empty()}</p>
      ) : mounted ? (
        <div
          className="h-56"
          role="img"
          aria-label={m.inventory_chart_label({
            from: units(points[0]!.quantity),
            to: units(points.at(-1)!.quantity),
            changes: units(points.length),
          })}
        >
          <ResponsiveContainer width="100%" height="100%">
            <LineChart data={points} margin={{ top: 8, right: 12, bottom: 0, left: 0 }}>
              <CartesianGrid stroke="#e7e5e4" vertical={false} />
              <XAxis
                dataKey="t"
                type="number"
                scale="time"
                domain={['dataMin', 'dataMax']}
                tickFormatter={(t: number) => formatTehranDay(new Date(t))}
                reversed={rtl}
                tick={{ fontSize: 11, fill: '#57534e' }}
                minTickGap={24}
              />
              <YAxis
                allowDecimals={false}
                width={48}
                orientation={rtl ? 'right' : 'left'}
                tickFormatter={(n: number) => units(n)}
                tick={{ fontSize: 11, fill: '#57534e' }}
              />
              <Tooltip
                labelFormatter={(t) => formatTehranDateTime(new Date(Number(t)))}
                formatter={(value) => [units(Number(value)), m.inventory_in_stock()]}
              />
              <Line
                type="stepAfter"
                dataKey="quantity"
                stroke="#0f766e"
                strokeWidth={2}
                dot={false}
                isAnimationActive={false}
              />
            </LineChart>
          </ResponsiveContainer>
        </div>
      ) : (
        <div className="h-56" aria-hidden="true" />
      )}
    </figure>
  )
}

type AdjustValues = { mode: StockMode; quantity: number | null; reason: string; note: string }
const EMPTY: AdjustValues = { mode: 'set', quantity: null, reason: '', note: '' }

function AdjustForm({ view }: { view: SkuStockView }) {
  const queryClient = useQueryClient()
  const refresh = () => queryClient.invalidateQueries({ queryKey: [...stockQueries.all, view.sku] })
  const { form, formProps, formError } = useAppForm({
    schema: adjustStockInput,
    defaultValues: EMPTY,
    extra: { sku: view.sku, expected: view.stock },
    onSubmit: async (input) => {
      const result = await adjustStockFn({ data: input })
      notify(
        'success',
        result.moved
          ? m.inventory_stock_now_is({ stock: units(result.stock) })
          : m.inventory_stock_already_had(),
      )
      form.reset(EMPTY)
      await refresh()
    },
    // A 409 means the stock moved: show the new figure next to the message.
    onError: (error) => {
      if (error.status === 409) void refresh()
    },
  })
  return (
    <form
      {...formProps}
      className="flex flex-col gap-4 rounded-lg border border-stone-200 bg-white p-4"
      aria-labelledby="adjust-title"
    >
      <h2 id="adjust-title" className="text-base font-semibold text-ink">
        {m.inventory_adjust_stock()}
      </h2>
      <FormError message={formError} />
      <form.AppField name="mode">
        {(field) => <field.RadioGroupField label={m.inventory_change()} options={stockModes()} />}
      </form.AppField>
      <form.AppField name="quantity">
        {(field) => <field.QuantityField label={m.inventory_quantity()} min={0} required />}
      </form.AppField>
      <form.Subscribe selector={(state) => [state.values.mode, state.values.quantity] as const}>
        {([mode, quantity]) =>
          typeof quantity === 'number' ? (
            <p className="text-sm text-stone-700" aria-live="polite">
              {units(view.stock)} <span className="inline-block rtl:-scale-x-100">→</span>{' '}
              <strong className="text-ink">{units(targetStock(view.stock, mode, quantity))}</strong>{' '}
              {view.unit}
            </p>
          ) : null
        }
      </form.Subscribe>
      <form.AppField name="reason">
        {(field) => (
          <field.SelectField
            label={m.inventory_reason_label()}
            required
            options={[{ value: '', label: m.inventory_choose_reason() }, ...stockReasons()]}
          />
        )}
      </form.AppField>
      <form.AppField name="note">
        {(field) => <field.TextAreaField label={m.inventory_note()} hint={m.inventory_note_optional()} />}
      </form.AppField>
      <form.AppForm>
        <form.SubmitButton busyLabel={m.inventory_saving()}>{m.inventory_save_change()}</form.SubmitButton>
      </form.AppForm>
    </form>
  )
}

/** The SKU's low-stock alert level: the inventory's "low stock" filter and the one-time alert use it. */
function ThresholdForm({ view }: { view: SkuStockView }) {
  const queryClient = useQueryClient()
  const { form, formProps, formError } = useAppForm({
    schema: lowStockThresholdInput,
    defaultValues: { threshold: view.lowStockThreshold as number | null },
    extra: { sku: view.sku },
    onSubmit: async (input, saved) => {
      const result = await setLowStockThresholdFn({ data: input })
      notify('success', m.inventory_low_alert_toast({ n: units(result.threshold) }))
      saved.markSaved()
      await queryClient.invalidateQueries({ queryKey: [...stockQueries.all, view.sku] })
    },
  })
  const low = view.stock < view.lowStockThreshold
  return (
    <form
      {...formProps}
      className="flex flex-col gap-3 rounded-lg border border-stone-200 bg-white p-4"
      aria-labelledby="threshold-title"
    >
      <h2 id="threshold-title" className="text-base font-semibold text-ink">
        {m.inventory_low_alert()}
      </h2>
      <p className="text-sm text-stone-700" data-testid="threshold-state">
        {low
          ? m.inventory_low_now({ stock: units(view.stock), threshold: units(view.lowStockThreshold) })
          : m.inventory_alert_when_below({ threshold: units(view.lowStockThreshold) })}{' '}
        {m.inventory_alert_once()}
      </p>
      <FormError message={formError} />
      <form.AppField name="threshold">
        {(field) => <field.QuantityField label={m.inventory_alert_below()} min={0} required />}
      </form.AppField>
      <form.AppForm>
        <form.SubmitButton busyLabel={m.inventory_saving()}>{m.inventory_save_alert()}</form.SubmitButton>
      </form.AppForm>
    </form>
  )
}

function Ledger({ sku, page }: { sku: string; page: number }) {
  const { data, isFetching } = useQuery({
    ...stockQueries.ledger(sku, page),
    placeholderData: keepPreviousData,
  })
  const pageCount = data ? Math.max(1, Math.ceil(data.total / data.perPage)) : 1
  return (
    <section aria-labelledby="ledger-title" className="flex flex-col gap-3">
      <h2 id="ledger-title" className="text-lg font-semibold text-ink">
        {m.inventory_stock_ledger()}{' '}
        {data ? (
          <span className="text-sm font-normal text-stone-600">
            {m.inventory_movements({ count: data.total, countText: units(data.total) })}
          </span>
        ) : null}
      </h2>
      <div className={isFetching ? 'opacity-70' : undefined}>
        <Table aria-labelledby="ledger-title">
          <THead>
            <Tr>
              <Th>{m.inventory_when()}</Th>
              <Th>{m.inventory_what()}</Th>
              <Th className="text-end">{m.inventory_change()}</Th>
              <Th className="text-end">{m.inventory_stock_after()}</Th>
              <Th>{m.inventory_who()}</Th>
              <Th>{m.inventory_why()}</Th>
            </Tr>
          </THead>
          <TBody>
            {(data?.items ?? []).map((move) => (
              <Tr key={move.id}>
                <Td className="whitespace-nowrap">{when(move.at)}</Td>
                <Td>
                  {movementWhat(move)}
                  {move.orderNumber ? (
                    <span className="block text-xs text-stone-600" dir="ltr">
                      {move.orderNumber}
                    </span>
                  ) : null}
                </Td>
                <Td
                  className={`text-end font-medium tabular-nums ${move.delta < 0 ? 'text-red-800' : 'text-emerald-800'}`}
                >
                  {move.delta > 0 ? '+' : '−'}
                  {units(Math.abs(move.delta))}
                </Td>
                <Td className="text-end tabular-nums">{units(move.resultingQuantity)}</Td>
                <Td text>{move.actor ?? <span className="text-stone-600">{m.inventory_system()}</span>}</Td>
                <Td text>
                  {reasonLabel(move.reason) ?? '—'}
                  {move.note ? <span className="block text-xs text-stone-600">{move.note}</span> : null}
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
          <Link to="." search={{ page: target }} resetScroll={false} {...props} />
        )}
      />
    </section>
  )
}
