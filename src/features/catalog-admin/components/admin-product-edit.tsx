import { useQueryClient } from '@tanstack/react-query'
import { m } from '~/lib/messages'
import { useNavigate } from '@tanstack/react-router'
import { formatNumber } from '~/lib/money'
import { notify } from '~/lib/notify'
import { formatTehranDateTime } from '~/lib/tehran-time'
import { FormError, useAppForm } from '~/ui/form/app-form'
import { adminEditProductFn } from '../catalog-admin.functions'
import { catalogAdminQueries } from '../catalog-admin.queries'
import { adminEditProductInput, type AdminProductDetail } from '../catalog-admin.schemas'
import { flattenTree } from './categories-admin'
import { StateBadge } from './state-badge'

/** The fields an earlier edit changed, as the summary names them (looked up when rendered). */
const FIELD_LABELS: Record<string, () => string> = {
  name: m.content_product_field_name,
  unit: m.content_product_field_unit,
  unitFa: m.content_product_field_unit_fa,
  description: m.content_product_field_description,
  categoryId: m.content_product_field_category,
  brandId: m.content_product_field_brand,
}

/**
 * The admin's edit of any product (the review queue's "Edit"): name, unit, category, brand and
 * description, with a required reason the seller receives by SMS and the audit log keeps.
 */
export function AdminProductEditForm({ product }: { product: AdminProductDetail }) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const tree = flattenTree(
    product.categories.map((c) => ({
      ...c,
      slug: '',
      image: null,
      position: 0,
      products: 0,
      totalProducts: 0,
    })),
  )
  const { form, formProps, formError } = useAppForm({
    schema: adminEditProductInput,
    defaultValues: {
      name: product.name,
      unit: product.unit,
      unitFa: product.unitFa ?? '',
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
        product.seller
          ? m.content_product_saved_told({ seller: product.seller.name })
          : m.content_product_saved(),
      )
      await navigate({ to: '/admin/products' })
    },
  })
  return (
    <form
      {...formProps}
      aria-label={m.content_product_edit_label({ name: product.name })}
      className="flex max-w-2xl flex-col gap-4"
    >
      <FormError message={formError} />
      <form.AppField name="name">
        {(field) => <field.TextField label={m.content_product_name()} maxLength={160} required />}
      </form.AppField>
      <div className="grid gap-3 sm:grid-cols-2">
        <form.AppField name="categoryId">
          {(field) => (
            <field.SelectField
              label={m.content_category()}
              options={tree.map((c) => ({ value: String(c.id), label: `${'— '.repeat(c.depth)}${c.name}` }))}
              placeholder={m.content_choose_category()}
              required
            />
          )}
        </form.AppField>
        <form.AppField name="brandId">
          {(field) => (
            <field.SelectField
              label={m.content_brand()}
              options={product.brands.map((b) => ({
                value: String(b.id),
                label: b.status === 'pending' ? m.content_brand_pending_option({ name: b.name }) : b.name,
              }))}
              placeholder={m.content_no_brand()}
              placeholderSelectable
            />
          )}
        </form.AppField>
      </div>
      <form.AppField name="unit">
        {(field) => (
          <field.TextField
            label={m.content_selling_unit()}
            hint={m.content_selling_unit_hint()}
            maxLength={60}
            required
          />
        )}
      </form.AppField>
      <form.AppField name="unitFa">
        {(field) => (
          <field.TextField
            label={m.content_selling_unit_fa()}
            hint={m.content_selling_unit_fa_hint()}
            maxLength={60}
            dir="rtl"
            lang="fa"
          />
        )}
      </form.AppField>
      <form.AppField name="description">
        {(field) => <field.TextAreaField label={m.content_description()} maxLength={5000} rows={6} />}
      </form.AppField>
      <form.AppField name="reason">
        {(field) => (
          <field.TextAreaField
            label={m.content_change_reason()}
            hint={
              product.seller
                ? m.content_change_reason_hint_seller({ seller: product.seller.name })
                : m.content_change_reason_hint()
            }
            maxLength={500}
            rows={2}
            required
          />
        )}
      </form.AppField>
      <form.AppForm>
        <form.SubmitButton busyLabel={m.content_saving()} className="sm:self-start">
          {m.content_save_changes()}
        </form.SubmitButton>
      </form.AppForm>
    </form>
  )
}

/** What the admin sees beside the form: the product's state, seller, photos and earlier edits. */
export function AdminProductSummary({ product }: { product: AdminProductDetail }) {
  return (
    <aside aria-label={m.content_product_about()} className="flex flex-col gap-4">
      <div className="flex flex-col gap-2 rounded-2xl border border-stone-200 bg-white p-4 text-sm">
        <div className="flex flex-wrap items-center gap-2">
          <StateBadge state={product.state} />
          <span className="text-stone-700">
            {product.listed ? m.content_product_listed() : m.content_product_not_listed()}
          </span>
        </div>
        <p className="text-stone-700">
          {product.seller
            ? m.content_product_maintained_by({ seller: product.seller.name })
            : m.content_product_platform()}
        </p>
        {product.listed ? (
          <a href={`/product/${product.slug}`} className="font-medium text-brand-800 hover:underline">
            {m.content_product_view_page()}
          </a>
        ) : null}
        {product.state === 'hidden' && product.reason ? (
          <p className="rounded-lg bg-red-50 px-3 py-2 text-xs text-red-900">
            <span className="font-semibold">{m.content_product_hidden()}</span> {product.reason}
          </p>
        ) : null}
      </div>
      <section aria-labelledby="photos-title" className="flex flex-col gap-2">
        <h2 id="photos-title" className="text-sm font-semibold text-ink">
          {m.content_product_photos({ count: formatNumber(product.photos.length) })}
        </h2>
        {product.photos.length ? (
          <ul className="grid grid-cols-4 gap-2">
            {product.photos.map((photo, i) => (
              <li key={photo.url}>
                <img
                  src={photo.url}
                  alt={photo.alt || m.content_product_photo_alt({ number: formatNumber(i + 1) })}
                  className="aspect-square w-full rounded-lg border border-stone-200 object-cover"
                />
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-stone-600">{m.content_product_no_photos()}</p>
        )}
      </section>
      {product.history.length ? (
        <section aria-labelledby="edits-title" className="flex flex-col gap-2">
          <h2 id="edits-title" className="text-sm font-semibold text-ink">
            {m.content_product_earlier_edits()}
          </h2>
          <ul className="flex flex-col gap-2 text-xs text-stone-700">
            {product.history.map((edit) => (
              <li key={edit.at} className="rounded-lg bg-stone-50 px-3 py-2">
                <div className="font-medium text-ink">{formatTehranDateTime(edit.at)}</div>
                <div>
                  {m.content_product_changed({
                    fields: edit.fields.map((f) => FIELD_LABELS[f]?.() ?? f).join(m.content_list_separator()),
                  })}
                </div>
                {edit.reason ? <div>{m.content_product_edit_reason({ reason: edit.reason })}</div> : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </aside>
  )
}
