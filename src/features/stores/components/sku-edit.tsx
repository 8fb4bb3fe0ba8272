import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { cn } from '~/lib/cn'
import { unitInLocale } from '~/lib/i18n'
import { formatNumber } from '~/lib/money'
import { notify } from '~/lib/notify'
import { FormError, UnsavedChangesGuard, useAppForm, useFormDirty } from '~/ui/form/app-form'
import { updateProductFn, updateSkuFn } from '../stores.functions'
import { productAuthoringQueries, storeQueries } from '../stores.queries'
import {
  updateProductInput,
  updateSkuInput,
  type ProductFormChoices,
  type SkuEditView,
} from '../stores.schemas'
import { ProductFields } from './product-fields'
import { ProductPhotosEditor } from './photo-editor'
import { m } from '~/lib/messages'

const PRODUCT_FIELDS = {
  name: 'name',
  categoryId: 'categoryId',
  brandId: 'brandId',
  newBrandName: 'newBrandName',
  unit: 'unit',
  unitFa: 'unitFa',
  description: 'description',
  attributes: 'attributes',
} as const

const cardClass = 'flex flex-col gap-4 rounded-2xl border border-stone-200 bg-white p-4 sm:p-5'

function Detail({ term, children, wide }: { term: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={cn('flex min-w-0 flex-col gap-0.5', wide && 'sm:col-span-2')}>
      <dt className="text-xs font-medium tracking-wide text-stone-500 uppercase">{term}</dt>
      <dd className="text-sm break-words whitespace-pre-line text-ink">{children}</dd>
    </div>
  )
}

function useRefresh(sku: string) {
  const queryClient = useQueryClient()
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: productAuthoringQueries.skuEdit(sku).queryKey }),
      queryClient.invalidateQueries({ queryKey: storeQueries.all }),
    ])
}

function SkuForm({ view }: { view: SkuEditView }) {
  const refresh = useRefresh(view.sku.sku)
  const { form, formProps, formError } = useAppForm({
    schema: updateSkuInput,
    defaultValues: {
      piecesPerPack: view.sku.piecesPerPack as number | null,
      alwaysAvailable: view.sku.alwaysAvailable,
      status: view.sku.status as string,
    },
    extra: { skuId: view.sku.id },
    onSubmit: async (input, saved) => {
      await updateSkuFn({ data: input })
      saved.markSaved()
      await refresh()
      notify('success', m.inventory_sku_saved_toast({ sku: view.sku.sku }))
    },
  })
  return (
    <form {...formProps} aria-labelledby="sku-title" className={cardClass}>
      <h2 id="sku-title" className="text-lg font-semibold text-ink">
        {m.inventory_your_offer_in({ store: view.sku.storeName })}
      </h2>
      <FormError message={formError} />
      <div className="grid gap-3 sm:grid-cols-2">
        <form.AppField name="piecesPerPack">
          {(field) => (
            <field.QuantityField label={m.inventory_pieces_per_pack()} min={1} max={100_000} required />
          )}
        </form.AppField>
        <form.AppField name="status">
          {(field) => (
            <field.SelectField
              label={m.inventory_status()}
              hint={m.inventory_offer_status_hint()}
              options={[
                { value: 'active', label: m.inventory_status_active() },
                { value: 'inactive', label: m.inventory_status_inactive() },
              ]}
            />
          )}
        </form.AppField>
      </div>
      <form.AppField name="alwaysAvailable">
        {(field) => (
          <field.CheckboxField
            label={m.inventory_always_available()}
            hint={m.inventory_always_available_now({ stock: formatNumber(view.sku.stock) })}
          />
        )}
      </form.AppField>
      <form.AppForm>
        <form.SubmitButton busyLabel={m.inventory_saving()} className="sm:self-start">
          {m.inventory_save_offer()}
        </form.SubmitButton>
      </form.AppForm>
    </form>
  )
}

function SkuReadOnly({ view }: { view: SkuEditView }) {
  return (
    <section aria-labelledby="sku-title" className={cardClass}>
      <h2 id="sku-title" className="text-lg font-semibold text-ink">
        {m.inventory_offer_in({ store: view.sku.storeName })}
      </h2>
      <p className="text-sm text-stone-600">{m.inventory_offer_observer_note()}</p>
      <dl className="grid gap-3 sm:grid-cols-2">
        <Detail term={m.inventory_pieces_per_pack()}>{formatNumber(view.sku.piecesPerPack)}</Detail>
        <Detail term={m.inventory_stock()}>
          {view.sku.alwaysAvailable ? m.inventory_always_available() : formatNumber(view.sku.stock)}
        </Detail>
        <Detail term={m.inventory_status()}>
          {view.sku.status === 'active' ? m.inventory_status_active() : m.inventory_status_inactive()}
        </Detail>
      </dl>
    </section>
  )
}

function ProductForm({ view, choices }: { view: SkuEditView; choices: ProductFormChoices }) {
  const refresh = useRefresh(view.sku.sku)
  const { product } = view
  const { form, formProps, formError } = useAppForm({
    schema: updateProductInput,
    defaultValues: {
      name: product.name,
      categoryId: product.categoryId as number | null,
      brandId: product.brandId,
      newBrandName: '',
      unit: product.unit,
      unitFa: product.unitFa ?? '',
      description: product.description,
      attributes: product.attributes,
    },
    extra: { productId: product.id },
    onSubmit: async (input, saved) => {
      await updateProductFn({ data: input })
      saved.markSaved()
      await refresh()
      notify('success', m.inventory_product_saved_toast({ name: input.name }))
    },
  })
  const dirty = useFormDirty(form)
  return (
    <form {...formProps} aria-labelledby="product-title" className={cardClass}>
      <UnsavedChangesGuard when={dirty} />
      <div>
        <h2 id="product-title" className="text-lg font-semibold text-ink">
          {m.inventory_product()}
        </h2>
        <p className="text-sm text-stone-600">{m.inventory_product_you_maintain()}</p>
      </div>
      <FormError message={formError} />
      <ProductFields form={form} fields={PRODUCT_FIELDS} choices={choices} />
      <form.AppForm>
        <form.SubmitButton busyLabel={m.inventory_saving()} className="sm:self-start">
          {m.inventory_save_product()}
        </form.SubmitButton>
      </form.AppForm>
    </form>
  )
}

function maintainerNote(view: SkuEditView): string {
  if (view.maintainedBy === 'this-seller') return m.inventory_maintainer_this_seller()
  if (view.maintainedBy === 'platform') return m.inventory_maintainer_platform()
  return m.inventory_maintainer_other({ name: view.maintainerName ?? m.inventory_another_seller() })
}

function ProductReadOnly({ view, choices }: { view: SkuEditView; choices: ProductFormChoices }) {
  const { product } = view
  const category = choices.categories.find((c) => c.id === product.categoryId)
  const parent = category?.parentId ? choices.categories.find((c) => c.id === category.parentId) : undefined
  const brand = choices.brands.find((b) => b.id === product.brandId)
  return (
    <section aria-labelledby="product-title" className={cardClass}>
      <div>
        <h2 id="product-title" className="text-lg font-semibold text-ink">
          {m.inventory_product()}
        </h2>
        <p className="text-sm text-stone-600">{maintainerNote(view)}</p>
      </div>
      <dl className="grid gap-3 sm:grid-cols-2">
        <Detail term={m.inventory_name()}>{product.name}</Detail>
        <Detail term={m.inventory_category()}>
          {[parent?.name, category?.name].filter(Boolean).join(' › ') || '—'}
        </Detail>
        <Detail term={m.inventory_brand()}>
          {brand
            ? brand.status === 'pending'
              ? m.inventory_brand_pending({ name: brand.name })
              : brand.name
            : m.inventory_brand_none()}
        </Detail>
        <Detail term={m.inventory_unit()}>{unitInLocale(product)}</Detail>
        <Detail term={m.inventory_store_description()} wide>
          {product.description || '—'}
        </Detail>
        {product.attributes.map((a, i) => (
          <Detail key={i} term={a.key}>
            {a.value}
          </Detail>
        ))}
      </dl>
    </section>
  )
}

function Photos({ photos }: { photos: SkuEditView['product']['photos'] }) {
  if (!photos.length) return null
  return (
    <section aria-labelledby="photos-title" className={cardClass}>
      <h2 id="photos-title" className="text-lg font-semibold text-ink">
        {m.inventory_photos()}
      </h2>
      <p className="text-sm text-stone-600">{m.inventory_photos_first_main()}</p>
      <ul className="grid grid-cols-3 gap-2 sm:grid-cols-6">
        {photos.map((photo, i) => (
          <li key={photo.url}>
            <img
              src={photo.url}
              alt={photo.alt || m.inventory_photo_n({ n: formatNumber(i + 1) })}
              className="aspect-square w-full rounded-lg border border-stone-200 object-cover"
            />
          </li>
        ))}
      </ul>
    </section>
  )
}

/** /seller/inventory/product/{sku}/edit: the offer's fields, and the product's when this seller maintains it. */
export function SkuEdit({ sku }: { sku: string }) {
  const { data: view } = useSuspenseQuery(productAuthoringQueries.skuEdit(sku))
  const { data: choices } = useSuspenseQuery(productAuthoringQueries.choices())
  return (
    <section aria-labelledby="page-title" className="flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        <Link
          to="/seller/stores/$storeId/products"
          params={{ storeId: String(view.sku.storeId) }}
          search={{}}
          className="self-start text-sm font-medium text-brand-800 underline-offset-4 hover:underline"
        >
          {m.inventory_back_to_store_products({ name: view.sku.storeName })}
        </Link>
        <h1 id="page-title" className="text-2xl font-bold tracking-tight break-words text-ink sm:text-3xl">
          {view.product.name}
        </h1>
        <p className="text-sm text-stone-600">
          {m.inventory_sku_label()} <span dir="ltr">{view.sku.sku}</span> ·{' '}
          <Link
            to="/product/$slug"
            params={{ slug: view.product.slug }}
            className="font-medium text-brand-800 underline-offset-4 hover:underline"
          >
            {m.inventory_see_as_buyers()}
          </Link>
        </p>
      </div>
      <ReviewNotice review={view.product.review} />
      {view.canEditSku ? <SkuForm key={view.sku.id} view={view} /> : <SkuReadOnly view={view} />}
      {view.canEditProduct ? (
        <ProductForm key={view.product.id} view={view} choices={choices} />
      ) : (
        <ProductReadOnly view={view} choices={choices} />
      )}
      {view.canEditProduct ? (
        <ProductPhotosEditor key={view.product.photos.map((p) => p.url).join(' ')} view={view} />
      ) : (
        <Photos photos={view.product.photos} />
      )}
    </section>
  )
}

/**
 * The admin's review of the product (DOMAIN.md "Product ownership"): a hidden product is off the
 * listings, and its maintainer sees why; editing it sends it back to the admin.
 */
function ReviewNotice({ review }: { review: SkuEditView['product']['review'] }) {
  if (review.state !== 'hidden') return null
  return (
    <div role="status" className="rounded-2xl border border-red-300 bg-red-50 p-4 text-sm text-red-900">
      <p className="font-semibold">{m.inventory_hidden_by_omdeh()}</p>
      {review.reason ? (
        <p className="mt-1">
          <span className="font-semibold">{m.inventory_reason()}</span> {review.reason}
        </p>
      ) : null}
      <p className="mt-1">{m.inventory_hidden_correct()}</p>
    </div>
  )
}
