import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { notify } from '~/lib/notify'
import { formatTehranDateTime } from '~/lib/tehran-time'
import { FormError, useAppForm } from '~/ui/form/app-form'
import { adminEditProductFn } from '../catalog-admin.functions'
import { catalogAdminQueries } from '../catalog-admin.queries'
import { adminEditProductInput, type AdminProductDetail } from '../catalog-admin.schemas'
import { flattenTree } from './categories-admin'
import { StateBadge } from './state-badge'

const FIELD_LABELS: Record<string, string> = {
  name: 'name',
  unit: 'unit',
  description: 'description',
  categoryId: 'category',
  brandId: 'brand',
}

/**
 * The admin's edit of any product (the review queue's "Edit"): name, unit, category, brand and
 * description, with a required reason the seller receives by SMS and the audit log keeps.
 */
export function AdminProductEditForm({ product }: { product: AdminProductDetail }) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const tree = flattenTree(
    product.categories.map((c) => ({ ...c, slug: '', image: null, position: 0, products: 0 })),
  )
  const { form, formProps, formError } = useAppForm({
    schema: adminEditProductInput,
    defaultValues: {
      name: product.name,
      unit: product.unit,
      description: product.description,
      categoryId: String(product.categoryId),
      brandId: product.brandId === null ? '' : String(product.brandId),
      reason: '',
    },
    toInput: (values) => ({
      input: {
        ...values,
        productId: product.id,
        categoryId: Number(values.categoryId) || 0,
        brandId: values.brandId ? Number(values.brandId) : null,
      },
    }),
    onSubmit: async (input) => {
      await adminEditProductFn({ data: input })
      await queryClient.invalidateQueries({ queryKey: catalogAdminQueries.all })
      notify(
        'success',
        product.seller ? `Product saved; ${product.seller.name} was told why` : 'Product saved',
      )
      await navigate({ to: '/admin/products' })
    },
  })
  return (
    <form {...formProps} aria-label={`Edit ${product.name}`} className="flex max-w-2xl flex-col gap-4">
      <FormError message={formError} />
      <form.AppField name="name">
        {(field) => <field.TextField label="Product name" maxLength={160} required />}
      </form.AppField>
      <div className="grid gap-3 sm:grid-cols-2">
        <form.AppField name="categoryId">
          {(field) => (
            <field.SelectField
              label="Category"
              options={tree.map((c) => ({ value: String(c.id), label: `${'— '.repeat(c.depth)}${c.name}` }))}
              placeholder="Choose a category"
              required
            />
          )}
        </form.AppField>
        <form.AppField name="brandId">
          {(field) => (
            <field.SelectField
              label="Brand"
              options={product.brands.map((b) => ({
                value: String(b.id),
                label: b.status === 'pending' ? `${b.name} (pending review)` : b.name,
              }))}
              placeholder="No brand"
              placeholderSelectable
            />
          )}
        </form.AppField>
      </div>
      <form.AppField name="unit">
        {(field) => (
          <field.TextField
            label="Selling unit"
            hint="What one unit of an order is, e.g. “carton of 12”"
            maxLength={60}
            required
          />
        )}
      </form.AppField>
      <form.AppField name="description">
        {(field) => <field.TextAreaField label="Description" maxLength={5000} rows={6} />}
      </form.AppField>
      <form.AppField name="reason">
        {(field) => (
          <field.TextAreaField
            label="Reason for the change"
            hint={
              product.seller
                ? `Sent to ${product.seller.name} by SMS and kept in the audit log, e.g. “The name gave the wrong weight”`
                : 'Kept in the audit log, e.g. “The name gave the wrong weight”'
            }
            maxLength={500}
            rows={2}
            required
          />
        )}
      </form.AppField>
      <form.AppForm>
        <form.SubmitButton busyLabel="Saving…" className="sm:self-start">
          Save changes
        </form.SubmitButton>
      </form.AppForm>
    </form>
  )
}

/** What the admin sees beside the form: the product's state, seller, photos and earlier edits. */
export function AdminProductSummary({ product }: { product: AdminProductDetail }) {
  return (
    <aside aria-label="About this product" className="flex flex-col gap-4">
      <div className="flex flex-col gap-2 rounded-2xl border border-stone-200 bg-white p-4 text-sm">
        <div className="flex flex-wrap items-center gap-2">
          <StateBadge state={product.state} />
          <span className="text-stone-700">{product.listed ? 'Listed' : 'Not listed'}</span>
        </div>
        <p className="text-stone-700">
          {product.seller ? <>Maintained by {product.seller.name}</> : 'Platform catalogue product'}
        </p>
        {product.listed ? (
          <a href={`/product/${product.slug}`} className="font-medium text-brand-800 hover:underline">
            View the product page
          </a>
        ) : null}
        {product.state === 'hidden' && product.reason ? (
          <p className="rounded-lg bg-red-50 px-3 py-2 text-xs text-red-900">
            <span className="font-semibold">Hidden:</span> {product.reason}
          </p>
        ) : null}
      </div>
      <section aria-labelledby="photos-title" className="flex flex-col gap-2">
        <h2 id="photos-title" className="text-sm font-semibold text-ink">
          Photos ({product.photos.length})
        </h2>
        {product.photos.length ? (
          <ul className="grid grid-cols-4 gap-2">
            {product.photos.map((photo, i) => (
              <li key={photo.url}>
                <img
                  src={photo.url}
                  alt={photo.alt || `Photo ${i + 1}`}
                  className="aspect-square w-full rounded-lg border border-stone-200 object-cover"
                />
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-stone-600">No photos.</p>
        )}
      </section>
      {product.history.length ? (
        <section aria-labelledby="edits-title" className="flex flex-col gap-2">
          <h2 id="edits-title" className="text-sm font-semibold text-ink">
            Earlier admin edits
          </h2>
          <ul className="flex flex-col gap-2 text-xs text-stone-700">
            {product.history.map((edit) => (
              <li key={edit.at} className="rounded-lg bg-stone-50 px-3 py-2">
                <div className="font-medium text-ink">{formatTehranDateTime(edit.at)}</div>
                <div>Changed {edit.fields.map((f) => FIELD_LABELS[f] ?? f).join(', ')}</div>
                {edit.reason ? <div>Reason: {edit.reason}</div> : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </aside>
  )
}
