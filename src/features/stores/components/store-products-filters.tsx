import * as v from 'valibot'
import { useAppForm } from '~/ui/form/app-form'
import { storeProductsSearch, type StoreProductsSearch } from '../stores.schemas'
import { m } from '~/lib/messages'

type Filters = Omit<StoreProductsSearch, 'storeId' | 'page'>
const filterSchema = v.omit(storeProductsSearch, ['storeId', 'page'])

const statusChoices = () => [
  { value: 'all', label: m.inventory_filter_all() },
  { value: 'active', label: m.inventory_status_active() },
  { value: 'inactive', label: m.inventory_status_inactive() },
]
const sortChoices = () => [
  { value: 'newest', label: m.inventory_sort_newest() },
  { value: 'name', label: m.inventory_sort_name() },
  { value: 'stock', label: m.inventory_sort_stock() },
  { value: 'price', label: m.inventory_sort_price() },
]

/**
 * A store's product list filters: the search box applies on Enter or its button, the choices at
 * once; each change goes to the URL (`onApply`), so a filtered list can be reloaded and shared.
 */
export function StoreProductsFilters({
  search,
  onApply,
}: {
  search: Filters
  onApply: (next: Filters) => void
}) {
  const { form, formProps } = useAppForm({
    schema: filterSchema,
    defaultValues: search,
    onSubmit: async (next) => onApply(next),
  })
  // A choice applies with the search the list shows now, not a half-typed one.
  const applyNow = () => onApply({ ...form.state.values, q: search.q })
  const now = { onChange: applyNow }
  return (
    <form
      {...formProps}
      role="search"
      aria-label={m.inventory_filter_products()}
      className="flex flex-wrap items-end gap-3"
    >
      <form.AppField name="q">
        {(field) => (
          <field.TextField
            label={m.inventory_search()}
            type="search"
            maxLength={100}
            placeholder={m.inventory_search_placeholder()}
          />
        )}
      </form.AppField>
      <form.AppField name="status" listeners={now}>
        {(field) => <field.SelectField label={m.inventory_status()} options={statusChoices()} />}
      </form.AppField>
      <form.AppField name="sort" listeners={now}>
        {(field) => <field.SelectField label={m.inventory_sort()} options={sortChoices()} />}
      </form.AppField>
      <form.AppField name="outOfStock" listeners={now}>
        {(field) => <field.CheckboxField label={m.inventory_out_of_stock()} className="pb-2.5" />}
      </form.AppField>
      <form.AppField name="discounted" listeners={now}>
        {(field) => <field.CheckboxField label={m.inventory_discounted()} className="pb-2.5" />}
      </form.AppField>
      <form.AppForm>
        <form.SubmitButton variant="secondary">{m.inventory_search()}</form.SubmitButton>
      </form.AppForm>
    </form>
  )
}
