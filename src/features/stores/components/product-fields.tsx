import { useState } from 'react'
import { Button } from '~/ui/button'
import { Field } from '~/ui/field'
import { withFieldGroup } from '~/ui/form/app-form'
import { useFieldError } from '~/ui/form/fields'
import { useFieldContext } from '~/ui/form/form-context'
import { inputClasses } from '~/ui/input'
import { formatNumber } from '~/lib/money'
import { PATH_SEPARATOR, categoryChoiceGroups } from '../category-tree'
import { MAX_ATTRIBUTES, type ProductFormChoices } from '../stores.schemas'
import { m } from '~/lib/messages'

/** A product's fields as a form holds them (ids are null until chosen). */
export interface ProductFormValues {
  name: string
  categoryId: number | null
  brandId: number | null
  /** A brand to request from the admin when it is not in the list (brandId then null). */
  newBrandName: string
  unit: string
  unitFa: string
  description: string
  attributes: { key: string; value: string }[]
}

export const newProductValues = (): ProductFormValues => ({
  name: '',
  categoryId: null,
  brandId: null,
  newBrandName: '',
  unit: '',
  unitFa: '',
  description: '',
  attributes: [],
})

type Category = ProductFormChoices['categories'][number]

/**
 * The category chooser: a search box that narrows a native select of the tree's leaves (any depth),
 * grouped by top category and labelled with their path, so a product always sits on the most
 * specific category. The native select keeps the platform's keyboard, type-to-find and screen-reader
 * behaviour; the product's current category stays on offer while editing.
 */
function CategoryChooser({ categories }: { categories: readonly Category[] }) {
  const field = useFieldContext<number | null>()
  const error = useFieldError(field)
  const value = field.state.value
  const [current] = useState(value)
  const [query, setQuery] = useState('')
  const groups = categoryChoiceGroups(categories, query, current)
  const selectedShown = value === null || groups.some((g) => g.choices.some((c) => c.id === value))
  const chosen = selectedShown
    ? null
    : categoryChoiceGroups(categories, '', current).flatMap((g) =>
        g.choices.filter((c) => c.id === value).map((c) => ({ ...c, top: g.top.name })),
      )[0]
  const searchId = `${field.name}-search`
  const count = groups.reduce((n, g) => n + g.choices.length, 0)
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-col gap-1">
        <label htmlFor={searchId} className="text-sm font-medium text-ink">
          {m.inventory_category_search()}
        </label>
        <input
          id={searchId}
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder={m.inventory_category_search_placeholder()}
          aria-describedby={`${searchId}-count`}
          className={inputClasses}
          autoComplete="off"
        />
        <span id={`${searchId}-count`} className="text-xs text-stone-600" aria-live="polite">
          {query ? m.inventory_category_matches({ count, countText: formatNumber(count) }) : ''}
        </span>
      </div>
      <Field label={m.inventory_category()} hint={m.inventory_category_hint()} error={error} required>
        {(control) => (
          <select
            {...control}
            name={field.name}
            value={value === null ? '' : String(value)}
            onChange={(event) => field.handleChange(event.target.value ? Number(event.target.value) : null)}
            onBlur={field.handleBlur}
            className={inputClasses}
          >
            <option value="" disabled>
              {count ? m.inventory_category_choose() : m.inventory_category_none_match()}
            </option>
            {chosen ? (
              <option value={chosen.id}>{`${chosen.top}${PATH_SEPARATOR}${chosen.label}`}</option>
            ) : null}
            {groups.map(({ top, choices }) => (
              <optgroup key={top.id} label={top.name}>
                {choices.map((choice) => (
                  <option key={choice.id} value={choice.id}>
                    {choice.label}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        )}
      </Field>
    </div>
  )
}

/** The brand select's value for "request a new brand". */
const REQUEST_BRAND = 'request'

function BrandChooser({
  brands,
  requesting,
  onRequesting,
}: {
  brands: ProductFormChoices['brands']
  requesting: boolean
  onRequesting: (requesting: boolean) => void
}) {
  const field = useFieldContext<number | null>()
  const error = useFieldError(field)
  const value = field.state.value
  return (
    <Field label={m.inventory_brand()} hint={m.inventory_brand_hint()} error={error}>
      {(control) => (
        <select
          {...control}
          name={field.name}
          value={requesting ? REQUEST_BRAND : value === null ? '' : String(value)}
          onChange={(event) => {
            const chosen = event.target.value
            onRequesting(chosen === REQUEST_BRAND)
            field.handleChange(chosen && chosen !== REQUEST_BRAND ? Number(chosen) : null)
          }}
          onBlur={field.handleBlur}
          className={inputClasses}
        >
          <option value="">{m.inventory_brand_none()}</option>
          {brands.map((brand) => (
            <option key={brand.id} value={brand.id}>
              {brand.status === 'pending' ? m.inventory_brand_pending({ name: brand.name }) : brand.name}
            </option>
          ))}
          <option value={REQUEST_BRAND}>{m.inventory_brand_request()}</option>
        </select>
      )}
    </Field>
  )
}

/** Name, category, brand, unit, description and attributes: creating a product and editing one. */
export const ProductFields = withFieldGroup({
  defaultValues: newProductValues(),
  props: {} as { choices: ProductFormChoices },
  render: function Render({ group, choices }) {
    const [requesting, setRequesting] = useState(false)
    return (
      <>
        <group.AppField name="name">
          {(field) => <field.TextField label={m.inventory_product_name()} maxLength={160} required />}
        </group.AppField>
        <div className="grid gap-3 sm:grid-cols-2">
          <group.AppField name="categoryId">
            {() => <CategoryChooser categories={choices.categories} />}
          </group.AppField>
          <group.AppField name="brandId">
            {() => (
              <BrandChooser
                brands={choices.brands}
                requesting={requesting}
                onRequesting={(next) => {
                  setRequesting(next)
                  if (!next) group.setFieldValue('newBrandName', '')
                }}
              />
            )}
          </group.AppField>
        </div>
        {requesting ? (
          <group.AppField name="newBrandName">
            {(field) => (
              <field.TextField
                label={m.inventory_brand_new_name()}
                hint={m.inventory_brand_new_hint()}
                maxLength={60}
                required
                autoFocus
              />
            )}
          </group.AppField>
        ) : null}
        <group.AppField name="unit">
          {(field) => (
            <field.TextField
              label={m.inventory_unit()}
              hint={m.inventory_unit_hint()}
              maxLength={60}
              required
            />
          )}
        </group.AppField>
        <group.AppField name="unitFa">
          {(field) => (
            <field.TextField
              label={m.inventory_unit_fa()}
              hint={m.inventory_unit_fa_hint()}
              maxLength={60}
              dir="rtl"
              lang="fa"
            />
          )}
        </group.AppField>
        <group.AppField name="description">
          {(field) => (
            <field.TextAreaField label={m.inventory_store_description()} maxLength={5000} rows={4} />
          )}
        </group.AppField>
        <group.Field name="attributes" mode="array">
          {(rows) => (
            <fieldset className="flex min-w-0 flex-col gap-2">
              <legend className="text-sm font-semibold text-ink">{m.inventory_attributes()}</legend>
              <p className="text-xs text-stone-600">{m.inventory_attributes_hint()}</p>
              {rows.state.value.map((_, i) => (
                <div key={i} className="grid items-start gap-2 sm:grid-cols-[1fr_2fr_auto]">
                  <group.AppField name={`attributes[${i}].key`}>
                    {(field) => (
                      <field.TextField
                        label={m.inventory_attribute_n({ n: formatNumber(i + 1) })}
                        maxLength={60}
                        required
                      />
                    )}
                  </group.AppField>
                  <group.AppField name={`attributes[${i}].value`}>
                    {(field) => (
                      <field.TextField
                        label={m.inventory_value_n({ n: formatNumber(i + 1) })}
                        maxLength={200}
                        required
                      />
                    )}
                  </group.AppField>
                  <Button
                    variant="ghost"
                    size="sm"
                    className="justify-self-start sm:mt-7"
                    onClick={() => void rows.removeValue(i)}
                  >
                    {m.inventory_remove()}
                    <span className="sr-only">{m.inventory_sr_attribute_n({ n: formatNumber(i + 1) })}</span>
                  </Button>
                </div>
              ))}
              <Button
                variant="secondary"
                size="sm"
                className="self-start"
                disabled={rows.state.value.length >= MAX_ATTRIBUTES}
                onClick={() => rows.pushValue({ key: '', value: '' })}
              >
                {m.inventory_add_attribute()}
              </Button>
            </fieldset>
          )}
        </group.Field>
      </>
    )
  },
})
