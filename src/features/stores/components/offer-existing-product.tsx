import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useEffect, useRef, useState } from 'react'
import { notify } from '~/lib/notify'
import { Button } from '~/ui/button'
import { inputClasses } from '~/ui/input'
import { FormError, useAppForm } from '~/ui/form/app-form'
import { offerExistingProductFn, searchCatalogueFn } from '../stores.functions'
import { storeQueries } from '../stores.queries'
import { offerExistingProductInput, type CatalogueMatch } from '../stores.schemas'
import { newSkuValues, SKU_FIELDS, SkuAndTierFields } from './sku-fields'
import { m } from '~/lib/messages'

const labelClass = 'flex flex-col gap-1 text-sm font-medium text-ink'

/**
 * "Offer an existing product": search the shared catalogue, choose one, then the SKU and first
 * tiers. The chosen product is held by the page, so a similar product found while creating a new
 * one can be chosen here too.
 */
export function OfferExistingProduct({
  storeId,
  chosen,
  onChoose,
}: {
  storeId: number
  chosen: CatalogueMatch | null
  onChoose: (product: CatalogueMatch) => void
}) {
  const [q, setQ] = useState('')
  const results = useQuery({
    queryKey: [...storeQueries.all, 'catalogue', storeId, q] as const,
    queryFn: () => searchCatalogueFn({ data: { storeId, q } }),
    enabled: q.trim().length >= 2,
  })
  return (
    <section aria-labelledby="existing-title" className="flex flex-col gap-4">
      <h2 id="existing-title" className="text-lg font-semibold text-ink">
        {m.inventory_offer_existing()}
      </h2>
      <label className={labelClass}>
        {m.inventory_search_catalogue()}
        <input
          type="search"
          value={q}
          onChange={(e) => setQ(e.target.value)}
          className={inputClasses}
          placeholder={m.inventory_search_catalogue_placeholder()}
        />
      </label>
      {results.data ? (
        <ul aria-label={m.inventory_catalogue_matches()} className="grid gap-2 sm:grid-cols-2">
          {results.data.map((p) => (
            <li
              key={p.id}
              className="flex items-center gap-3 rounded-xl border border-stone-200 bg-white p-2"
            >
              {p.image ? (
                <img src={p.image} alt="" width={48} height={48} className="size-12 rounded object-cover" />
              ) : null}
              <div className="min-w-0 flex-1 text-sm">
                <p className="truncate font-medium text-ink">{p.name}</p>
                <p className="truncate text-stone-600">{[p.brand, p.category].filter(Boolean).join(' · ')}</p>
              </div>
              {p.offeredHere ? (
                <span className="text-xs text-stone-600">{m.inventory_already_offered_here()}</span>
              ) : (
                <Button type="button" variant="secondary" size="sm" onClick={() => onChoose(p)}>
                  {m.inventory_choose()}
                  <span className="sr-only"> {p.name}</span>
                </Button>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      {chosen ? <OfferForm key={chosen.id} storeId={storeId} product={chosen} /> : null}
    </section>
  )
}

function OfferForm({ storeId, product }: { storeId: number; product: CatalogueMatch }) {
  const title = useRef<HTMLParagraphElement>(null)
  // Chosen from a list (here or among similar products further down): take the seller to it.
  useEffect(() => {
    title.current?.scrollIntoView({ block: 'center' })
    title.current?.focus({ preventScroll: true })
  }, [])
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const { form, formProps, formError } = useAppForm({
    schema: offerExistingProductInput,
    defaultValues: newSkuValues(),
    extra: { storeId, productId: product.id },
    onSubmit: async (input) => {
      await offerExistingProductFn({ data: input })
      await queryClient.invalidateQueries({ queryKey: storeQueries.all })
      notify('success', m.inventory_on_sale_toast({ name: product.name }))
      await navigate({ to: '/seller/stores/$storeId/products', params: { storeId: String(storeId) } })
    },
  })
  return (
    <form
      {...formProps}
      aria-label={m.inventory_offer_name({ name: product.name })}
      className="flex flex-col gap-3 rounded-2xl border border-stone-200 p-4"
    >
      <p ref={title} tabIndex={-1} className="text-sm font-medium text-ink">
        {product.name}
      </p>
      <FormError message={formError} />
      <SkuAndTierFields form={form} fields={SKU_FIELDS} />
      <form.AppForm>
        <form.SubmitButton busyLabel={m.inventory_saving()} className="sm:self-start">
          {m.inventory_put_on_sale()}
        </form.SubmitButton>
      </form.AppForm>
    </form>
  )
}
