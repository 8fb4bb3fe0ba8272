import * as v from 'valibot'
import { useAppForm } from '~/ui/form/app-form'
import { storeProductsSearch, type StoreProductsSearch } from '../stores.schemas'

type Filters = Omit<StoreProductsSearch, 'storeId' | 'page'>
const filterSchema = v.omit(storeProductsSearch, ['storeId', 'page'])

const STATUS_CHOICES = [
  { value: 'all', label: 'All' },
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
]
const SORT_CHOICES = [
  { value: 'newest', label: 'Newest' },
  { value: 'name', label: 'Name' },
  { value: 'stock', label: 'Stock, lowest first' },
  { value: 'price', label: 'Price, lowest first' },
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
      aria-label="Filter products"
      className="flex flex-wrap items-end gap-3"
    >
      <form.AppField name="q">
        {(field) => (
          <field.TextField label="Search" type="search" maxLength={100} placeholder="Name or SKU code" />
        )}
      </form.AppField>
      <form.AppField name="status" listeners={now}>
        {(field) => <field.SelectField label="Status" options={STATUS_CHOICES} />}
      </form.AppField>
      <form.AppField name="sort" listeners={now}>
        {(field) => <field.SelectField label="Sort" options={SORT_CHOICES} />}
      </form.AppField>
      <form.AppField name="outOfStock" listeners={now}>
        {(field) => <field.CheckboxField label="Out of stock" className="pb-2.5" />}
      </form.AppField>
      <form.AppField name="discounted" listeners={now}>
        {(field) => <field.CheckboxField label="Discounted" className="pb-2.5" />}
      </form.AppField>
      <form.AppForm>
        <form.SubmitButton variant="secondary">Search</form.SubmitButton>
      </form.AppForm>
    </form>
  )
}
