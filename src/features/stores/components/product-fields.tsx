import { useState } from 'react'
import { Button } from '~/ui/button'
import { Field } from '~/ui/field'
import { withFieldGroup } from '~/ui/form/app-form'
import { useFieldError } from '~/ui/form/fields'
import { useFieldContext } from '~/ui/form/form-context'
import { inputClasses } from '~/ui/input'
import { MAX_ATTRIBUTES, type ProductFormChoices } from '../stores.schemas'

/** A product's fields as a form holds them (ids are null until chosen). */
export interface ProductFormValues {
  name: string
  categoryId: number | null
  brandId: number | null
  /** A brand to request from the admin when it is not in the list (brandId then null). */
  newBrandName: string
  unit: string
  description: string
  attributes: { key: string; value: string }[]
}

export const newProductValues = (): ProductFormValues => ({
  name: '',
  categoryId: null,
  brandId: null,
  newBrandName: '',
  unit: '',
  description: '',
  attributes: [],
})

type Category = ProductFormChoices['categories'][number]

/** The two-level tree as groups: each top category with its subcategories; childless tops alone. */
export function categoryGroups(categories: readonly Category[]) {
  const tops = categories.filter((c) => c.parentId === null)
  return tops.map((top) => ({ top, children: categories.filter((c) => c.parentId === top.id) }))
}

/**
 * The category chooser: a native select whose groups are the top categories and whose options are
 * their subcategories (the platform's keyboard, search-by-typing and screen-reader behaviour).
 */
function CategoryChooser({ categories }: { categories: readonly Category[] }) {
  const field = useFieldContext<number | null>()
  const error = useFieldError(field)
  const value = field.state.value
  return (
    <Field label="Category" hint="Choose the most specific one" error={error} required>
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
            Choose a category
          </option>
          {categoryGroups(categories).map(({ top, children }) =>
            children.length ? (
              <optgroup key={top.id} label={top.name}>
                {children.map((child) => (
                  <option key={child.id} value={child.id}>
                    {child.name}
                  </option>
                ))}
              </optgroup>
            ) : (
              <option key={top.id} value={top.id}>
                {top.name}
              </option>
            ),
          )}
        </select>
      )}
    </Field>
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
    <Field
      label="Brand"
      hint="Not in the list? Request it: you can use it at once, the team reviews it"
      error={error}
    >
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
          <option value="">No brand</option>
          {brands.map((brand) => (
            <option key={brand.id} value={brand.id}>
              {brand.status === 'pending' ? `${brand.name} (pending review)` : brand.name}
            </option>
          ))}
          <option value={REQUEST_BRAND}>Request a new brand…</option>
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
          {(field) => <field.TextField label="Product name" maxLength={160} required />}
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
                label="New brand name"
                hint="Spelled as on the packaging. Until the team approves it, buyers see the product without a brand."
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
              label="Selling unit"
              hint="What one unit of an order is, e.g. “carton of 12”"
              maxLength={60}
              required
            />
          )}
        </group.AppField>
        <group.AppField name="description">
          {(field) => <field.TextAreaField label="Description" maxLength={5000} rows={4} />}
        </group.AppField>
        <group.Field name="attributes" mode="array">
          {(rows) => (
            <fieldset className="flex min-w-0 flex-col gap-2">
              <legend className="text-sm font-semibold text-ink">Attributes</legend>
              <p className="text-xs text-stone-600">Facts buyers compare: origin, weight, shelf life…</p>
              {rows.state.value.map((_, i) => (
                <div key={i} className="grid items-start gap-2 sm:grid-cols-[1fr_2fr_auto]">
                  <group.AppField name={`attributes[${i}].key`}>
                    {(field) => <field.TextField label={`Attribute ${i + 1}`} maxLength={60} required />}
                  </group.AppField>
                  <group.AppField name={`attributes[${i}].value`}>
                    {(field) => <field.TextField label={`Value ${i + 1}`} maxLength={200} required />}
                  </group.AppField>
                  <Button
                    variant="ghost"
                    size="sm"
                    className="justify-self-start sm:mt-7"
                    onClick={() => void rows.removeValue(i)}
                  >
                    Remove<span className="sr-only"> attribute {i + 1}</span>
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
                Add an attribute
              </Button>
            </fieldset>
          )}
        </group.Field>
      </>
    )
  },
})
