import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { cn } from '~/lib/cn'
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

const PRODUCT_FIELDS = {
  name: 'name',
  categoryId: 'categoryId',
  brandId: 'brandId',
  newBrandName: 'newBrandName',
  unit: 'unit',
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
      notify('success', `SKU ${view.sku.sku} saved`)
    },
  })
  return (
    <form {...formProps} aria-labelledby="sku-title" className={cardClass}>
      <h2 id="sku-title" className="text-lg font-semibold text-ink">
        Your offer ({view.sku.storeName})
      </h2>
      <FormError message={formError} />
      <div className="grid gap-3 sm:grid-cols-2">
        <form.AppField name="piecesPerPack">
          {(field) => <field.QuantityField label="Pieces per pack" min={1} max={100_000} required />}
        </form.AppField>
        <form.AppField name="status">
          {(field) => (
            <field.SelectField
              label="Status"
              hint="Inactive offers leave the buyers' listing"
              options={[
                { value: 'active', label: 'Active' },
                { value: 'inactive', label: 'Inactive' },
              ]}
            />
          )}
        </form.AppField>
      </div>
      <form.AppField name="alwaysAvailable">
        {(field) => (
          <field.CheckboxField
            label="Always available"
            hint={`Stock is not counted while checked (now ${view.sku.stock} in stock)`}
          />
        )}
      </form.AppField>
      <form.AppForm>
        <form.SubmitButton busyLabel="Saving…" className="sm:self-start">
          Save offer
        </form.SubmitButton>
      </form.AppForm>
    </form>
  )
}

function SkuReadOnly({ view }: { view: SkuEditView }) {
  return (
    <section aria-labelledby="sku-title" className={cardClass}>
      <h2 id="sku-title" className="text-lg font-semibold text-ink">
        Offer ({view.sku.storeName})
      </h2>
      <p className="text-sm text-stone-600">Only the seller changes offers; observers see them here.</p>
      <dl className="grid gap-3 sm:grid-cols-2">
        <Detail term="Pieces per pack">{view.sku.piecesPerPack}</Detail>
        <Detail term="Stock">{view.sku.alwaysAvailable ? 'Always available' : view.sku.stock}</Detail>
        <Detail term="Status">{view.sku.status === 'active' ? 'Active' : 'Inactive'}</Detail>
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
      description: product.description,
      attributes: product.attributes,
    },
    extra: { productId: product.id },
    onSubmit: async (input, saved) => {
      await updateProductFn({ data: input })
      saved.markSaved()
      await refresh()
      notify('success', `${input.name} saved; the listing shows it now`)
    },
  })
  const dirty = useFormDirty(form)
  return (
    <form {...formProps} aria-labelledby="product-title" className={cardClass}>
      <UnsavedChangesGuard when={dirty} />
      <div>
        <h2 id="product-title" className="text-lg font-semibold text-ink">
          Product
        </h2>
        <p className="text-sm text-stone-600">
          You created this product, so you maintain it: changes show for every store that offers it.
        </p>
      </div>
      <FormError message={formError} />
      <ProductFields form={form} fields={PRODUCT_FIELDS} choices={choices} />
      <form.AppForm>
        <form.SubmitButton busyLabel="Saving…" className="sm:self-start">
          Save product
        </form.SubmitButton>
      </form.AppForm>
    </form>
  )
}

function maintainerNote(view: SkuEditView): string {
  if (view.maintainedBy === 'this-seller')
    return 'Your seller created this product; only the seller (not observers) edits it.'
  if (view.maintainedBy === 'platform') return 'Omdeh maintains this product; ask support to correct it.'
  return `${view.maintainerName ?? 'Another seller'} created this product and maintains it; you change only your offer.`
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
          Product
        </h2>
        <p className="text-sm text-stone-600">{maintainerNote(view)}</p>
      </div>
      <dl className="grid gap-3 sm:grid-cols-2">
        <Detail term="Name">{product.name}</Detail>
        <Detail term="Category">{[parent?.name, category?.name].filter(Boolean).join(' › ') || '—'}</Detail>
        <Detail term="Brand">
          {brand ? `${brand.name}${brand.status === 'pending' ? ' (pending review)' : ''}` : 'No brand'}
        </Detail>
        <Detail term="Selling unit">{product.unit}</Detail>
        <Detail term="Description" wide>
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
        Photos
      </h2>
      <p className="text-sm text-stone-600">The first is the main photo.</p>
      <ul className="grid grid-cols-3 gap-2 sm:grid-cols-6">
        {photos.map((photo, i) => (
          <li key={photo.url}>
            <img
              src={photo.url}
              alt={photo.alt || `Photo ${i + 1}`}
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
          ← Products of {view.sku.storeName}
        </Link>
        <h1 id="page-title" className="text-2xl font-bold tracking-tight break-words text-ink sm:text-3xl">
          {view.product.name}
        </h1>
        <p className="text-sm text-stone-600">
          SKU <span dir="ltr">{view.sku.sku}</span> ·{' '}
          <Link
            to="/product/$slug"
            params={{ slug: view.product.slug }}
            className="font-medium text-brand-800 underline-offset-4 hover:underline"
          >
            See it as buyers do
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
      <p className="font-semibold">Hidden by Omdeh: buyers cannot see this product.</p>
      {review.reason ? (
        <p className="mt-1">
          <span className="font-semibold">Reason:</span> {review.reason}
        </p>
      ) : null}
      <p className="mt-1">Correct the product and save it: the change goes back to the review team.</p>
    </div>
  )
}
