import * as v from 'valibot'
import { formatNumber } from '~/lib/money'
import { m } from '~/lib/messages'
import { Button } from '~/ui/button'
import { useAppForm } from '~/ui/form/app-form'
import {
  EXPORT_MAX_ROWS,
  statementKinds,
  type StatementFilters,
  type StatementKind,
} from '../seller-finance.schemas'
import { statementKindLabel } from '../statement-words'

const DATE = v.union([
  v.literal(''),
  v.pipe(
    v.string(),
    v.isoDate(() => m.seller_order_filter_choose_date()),
  ),
])

const filterForm = v.pipe(
  v.object({ from: DATE, to: DATE, kind: v.union([v.literal(''), v.picklist(statementKinds)]) }),
  v.forward(
    v.check(
      ({ from, to }) => !from || !to || from <= to,
      () => m.seller_order_filter_date_order(),
    ),
    ['to'],
  ),
)

/** The export's address for the filters the page shows. */
export function exportHref(filters: StatementFilters, format: 'csv' | 'xlsx'): string {
  const params = new URLSearchParams({ format })
  if (filters.from) params.set('from', filters.from)
  if (filters.to) params.set('to', filters.to)
  if (filters.kind) params.set('kind', filters.kind)
  return `/api/seller/finance/export?${params.toString()}`
}

/** Dates (Tehran days) and the entry kind; the page keeps them in its URL. Export of what they find. */
export function StatementFiltersForm({
  values,
  onApply,
}: {
  values: StatementFilters
  onApply: (next: StatementFilters) => void
}) {
  const empty = { from: '', to: '', kind: '' as StatementKind | '' }
  const filtered = Boolean(values.from || values.to || values.kind)
  const apply = (draft: typeof empty) =>
    onApply({ from: draft.from || undefined, to: draft.to || undefined, kind: draft.kind || undefined })
  const { form, formProps, reset } = useAppForm({
    schema: filterForm,
    defaultValues: { from: values.from ?? '', to: values.to ?? '', kind: values.kind ?? '' },
    onSubmit: async (draft) => apply(draft),
  })
  return (
    <div className="flex flex-col gap-2">
      <form
        {...formProps}
        aria-label={m.finance_filter_form_label()}
        className="grid gap-3 rounded-2xl border border-stone-200 bg-white p-4 sm:grid-cols-[1fr_1fr_1fr_auto] sm:items-start"
      >
        <form.AppField name="from">
          {(field) => <field.DateField label={m.finance_filter_from()} />}
        </form.AppField>
        <form.AppField name="to">
          {(field) => <field.DateField label={m.finance_filter_to()} />}
        </form.AppField>
        <form.AppField name="kind">
          {(field) => (
            <field.SelectField
              label={m.finance_filter_kind()}
              options={[
                { value: '', label: m.finance_filter_kind_all() },
                ...statementKinds.map((kind) => ({ value: kind, label: statementKindLabel(kind) })),
              ]}
            />
          )}
        </form.AppField>
        <div className="flex gap-2 sm:mt-6">
          <form.AppForm>
            <form.SubmitButton variant="secondary">{m.finance_filter_apply()}</form.SubmitButton>
          </form.AppForm>
          {filtered ? (
            <Button
              variant="ghost"
              onClick={() => {
                reset(empty)
                apply(empty)
              }}
            >
              {m.finance_filter_clear()}
            </Button>
          ) : null}
        </div>
        <p className="col-span-full text-xs text-stone-600">{m.seller_order_filter_tehran_days()}</p>
      </form>
      <div className="flex flex-wrap items-center gap-2">
        <Button asChild variant="secondary" size="sm">
          <a href={exportHref(values, 'xlsx')} download>
            {m.finance_export_xlsx()}
          </a>
        </Button>
        <Button asChild variant="secondary" size="sm">
          <a href={exportHref(values, 'csv')} download>
            {m.finance_export_csv()}
          </a>
        </Button>
        <span className="text-xs text-stone-600">
          {m.finance_export_hint({ max: formatNumber(EXPORT_MAX_ROWS) })}
        </span>
      </div>
    </div>
  )
}
