import { useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useStore } from '@tanstack/react-form'
import { useEffect, useState } from 'react'
import { notify } from '~/lib/notify'
import { Button } from '~/ui/button'
import { FormError, useAppForm } from '~/ui/form/app-form'
import { createProductFn, similarProductsFn } from '../stores.functions'
import { productAuthoringQueries, storeQueries } from '../stores.queries'
import { CREATE_PRODUCT_JSON_FIELDS, createProductInput, type CatalogueMatch } from '../stores.schemas'
import { PhotoPicker } from './photo-picker'
import { newProductValues, ProductFields } from './product-fields'
import { newSkuValues, SKU_FIELDS, SkuAndTierFields } from './sku-fields'
import { m } from '~/lib/messages'

/** The value after it has stopped changing for `ms`. */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms)
    return () => clearTimeout(timer)
  }, [value, ms])
  return settled
}

/** Products already in the catalogue whose names resemble the one being typed (pg_trgm). */
function SimilarProducts({
  storeId,
  name,
  onOfferInstead,
}: {
  storeId: number
  name: string
  onOfferInstead: (product: CatalogueMatch) => void
}) {
  const q = useSettled(name.trim(), 400)
  const similar = useQuery({
    queryKey: [...storeQueries.all, 'similar', storeId, q] as const,
    queryFn: () => similarProductsFn({ data: { storeId, name: q } }),
    enabled: q.length >= 3,
  })
  const found = q.length >= 3 ? (similar.data ?? []) : []
  return (
    <div aria-live="polite">
      {found.length ? (
        <section
          aria-labelledby="similar-title"
          className="flex flex-col gap-2 rounded-xl border border-amber-300 bg-amber-50 p-3"
        >
          <h3 id="similar-title" className="text-sm font-semibold text-ink">
            {m.inventory_similar_title()}
          </h3>
          <p className="text-xs text-stone-700">{m.inventory_similar_body()}</p>
          <ul className="flex flex-col gap-2">
            {found.map((p) => (
              <li key={p.id} className="flex items-center gap-3 rounded-lg bg-white p-2">
                {p.image ? (
                  <img src={p.image} alt="" width={40} height={40} className="size-10 rounded object-cover" />
                ) : null}
                <div className="min-w-0 flex-1 text-sm">
                  <p className="truncate font-medium text-ink">{p.name}</p>
                  <p className="truncate text-xs text-stone-600">
                    {[p.brand, p.category].filter(Boolean).join(' · ')}
                  </p>
                </div>
                {p.offeredHere ? (
                  <span className="text-xs text-stone-600">{m.inventory_already_offered_here()}</span>
                ) : (
                  <Button type="button" variant="secondary" size="sm" onClick={() => onOfferInstead(p)}>
                    {m.inventory_offer_this_instead()}
                    <span className="sr-only">{m.inventory_sr_colon_name({ name: p.name })}</span>
                  </Button>
                )}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  )
}

/**
 * "Create a new product": the product (maintained by this seller from now on), its photos, and this
 * store's SKU with its first tiers, sent as one multipart request and created in one transaction.
 */
export function CreateProduct({
  storeId,
  onOfferInstead,
}: {
  storeId: number
  onOfferInstead: (product: CatalogueMatch) => void
}) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const { data: choices } = useSuspenseQuery(productAuthoringQueries.choices())
  const { form, formProps, formError } = useAppForm({
    schema: createProductInput,
    defaultValues: { product: newProductValues(), ...newSkuValues(), photos: [] as File[] },
    extra: { storeId },
    onSubmit: async (input) => {
      const data = new FormData()
      for (const key of CREATE_PRODUCT_JSON_FIELDS) data.set(key, JSON.stringify(input[key]))
      data.set('sku', input.sku)
      for (const photo of form.state.values.photos) data.append('photos', photo)
      const created = await createProductFn({ data })
      await queryClient.invalidateQueries({ queryKey: storeQueries.all })
      notify('success', m.inventory_created_on_sale_toast({ name: input.product.name, sku: created.sku }))
      await navigate({ to: '/seller/stores/$storeId/products', params: { storeId: String(storeId) } })
    },
  })
  const name = useStore(form.store, (state) => state.values.product.name)
  return (
    <section aria-labelledby="create-title" className="flex flex-col gap-4">
      <div>
        <h2 id="create-title" className="text-lg font-semibold text-ink">
          {m.inventory_create_new_product()}
        </h2>
        <p className="text-sm text-stone-600">{m.inventory_create_new_product_body()}</p>
      </div>
      <form
        {...formProps}
        aria-labelledby="create-title"
        className="flex flex-col gap-4 rounded-2xl border border-stone-200 bg-white p-4"
      >
        <FormError message={formError} />
        <ProductFields form={form} fields="product" choices={choices} />
        <SimilarProducts storeId={storeId} name={name} onOfferInstead={onOfferInstead} />
        <form.AppField name="photos">{() => <PhotoPicker />}</form.AppField>
        <h3 className="border-t border-stone-200 pt-4 text-base font-semibold text-ink">
          {m.inventory_your_offer_in_store()}
        </h3>
        <SkuAndTierFields form={form} fields={SKU_FIELDS} />
        <form.AppForm>
          <form.SubmitButton busyLabel={m.inventory_creating()} className="sm:self-start">
            {m.inventory_create_and_sell()}
          </form.SubmitButton>
        </form.AppForm>
      </form>
    </section>
  )
}
