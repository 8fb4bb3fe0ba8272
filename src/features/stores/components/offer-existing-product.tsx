import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { notify } from '~/lib/notify'
import { Button } from '~/ui/button'
import { inputClasses } from '~/ui/input'
import { FormError, useAppForm } from '~/ui/form/app-form'
import { offerExistingProductFn, searchCatalogueFn } from '../stores.functions'
import { storeQueries } from '../stores.queries'
import { MAX_TIERS, offerExistingProductInput, type CatalogueMatch } from '../stores.schemas'

interface TierRow {
  minQuantity: number | null
  unitPrice: number | null
  offerPrice: number | null
}

const labelClass = 'flex flex-col gap-1 text-sm font-medium text-ink'

/** "Offer an existing product": search the shared catalogue, choose one, then the SKU and first tiers. */
export function OfferExistingProduct({ storeId }: { storeId: number }) {
  const [q, setQ] = useState('')
  const [chosen, setChosen] = useState<CatalogueMatch | null>(null)
  const results = useQuery({
    queryKey: [...storeQueries.all, 'catalogue', storeId, q] as const,
    queryFn: () => searchCatalogueFn({ data: { storeId, q } }),
    enabled: q.trim().length >= 2,
  })
  return (
    <section aria-labelledby="existing-title" className="flex flex-col gap-4">
      <h2 id="existing-title" className="text-lg font-semibold text-ink">
        Offer an existing product
      </h2>
      <label className={labelClass}>
        Search the catalogue
        <input
          type="search"
          value={q}
          onChange={(e) => setQ(e.target.value)}
          className={inputClasses}
          placeholder="Name, brand, category or code"
        />
      </label>
      {results.data ? (
        <ul aria-label="Catalogue matches" className="grid gap-2 sm:grid-cols-2">
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
                <span className="text-xs text-stone-600">Already offered here</span>
              ) : (
                <Button type="button" variant="secondary" size="sm" onClick={() => setChosen(p)}>
                  Choose<span className="sr-only"> {p.name}</span>
                </Button>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      {chosen ? <OfferForm storeId={storeId} product={chosen} /> : null}
    </section>
  )
}

function OfferForm({ storeId, product }: { storeId: number; product: CatalogueMatch }) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const { form, formProps, formError } = useAppForm({
    schema: offerExistingProductInput,
    defaultValues: {
      sku: '',
      piecesPerPack: 1 as number | null,
      alwaysAvailable: false,
      stock: 0 as number | null,
      tiers: [{ minQuantity: 1, unitPrice: null, offerPrice: 0 }] as TierRow[],
    },
    extra: { storeId, productId: product.id },
    onSubmit: async (input) => {
      await offerExistingProductFn({ data: input })
      await queryClient.invalidateQueries({ queryKey: storeQueries.all })
      notify('success', `${product.name} is on sale`)
      await navigate({ to: '/seller/stores/$storeId/products', params: { storeId: String(storeId) } })
    },
  })
  return (
    <form
      {...formProps}
      aria-label={`Offer ${product.name}`}
      className="flex flex-col gap-3 rounded-2xl border border-stone-200 p-4"
    >
      <p className="text-sm font-medium text-ink">{product.name}</p>
      <FormError message={formError} />
      <div className="grid gap-3 sm:grid-cols-3">
        <form.AppField name="sku">
          {(field) => <field.TextField label="SKU code" dir="ltr" placeholder="Generated when empty" />}
        </form.AppField>
        <form.AppField name="piecesPerPack">
          {(field) => <field.QuantityField label="Pieces per pack" min={1} max={100_000} required />}
        </form.AppField>
        <form.Subscribe selector={(state) => state.values.alwaysAvailable}>
          {(always) => (
            <form.AppField name="stock">
              {(field) => (
                <field.QuantityField
                  label="Stock"
                  min={0}
                  max={10_000_000}
                  disabled={always}
                  hint={always ? 'Not counted: always available' : undefined}
                />
              )}
            </form.AppField>
          )}
        </form.Subscribe>
      </div>
      <form.AppField name="alwaysAvailable">
        {(field) => (
          <field.CheckboxField
            label="Always available"
            hint="Made to order or never runs out: stock is not counted"
          />
        )}
      </form.AppField>
      <form.Field name="tiers" mode="array">
        {(tiers) => (
          <fieldset className="flex flex-col gap-2">
            <legend className="text-sm font-semibold text-ink">Price tiers</legend>
            <p className="text-xs text-stone-600">
              Each tier starts at a larger quantity and costs no more per unit than the one before; an offer
              price (0 for none) is below its unit price.
            </p>
            {tiers.state.value.map((_, i) => (
              <div key={i} className="grid items-start gap-2 sm:grid-cols-[auto_1fr_1fr_auto]">
                <form.AppField name={`tiers[${i}].minQuantity`}>
                  {(field) => (
                    <field.QuantityField label={`From quantity (tier ${i + 1})`} min={1} required />
                  )}
                </form.AppField>
                <form.AppField name={`tiers[${i}].unitPrice`}>
                  {(field) => <field.MoneyField label={`Unit price (tier ${i + 1})`} required />}
                </form.AppField>
                <form.AppField name={`tiers[${i}].offerPrice`}>
                  {(field) => <field.MoneyField label={`Offer price (tier ${i + 1})`} />}
                </form.AppField>
                <Button
                  variant="ghost"
                  size="sm"
                  className="sm:mt-7"
                  disabled={tiers.state.value.length === 1}
                  onClick={() => void tiers.removeValue(i)}
                >
                  Remove<span className="sr-only"> tier {i + 1}</span>
                </Button>
              </div>
            ))}
            <Button
              variant="secondary"
              size="sm"
              className="self-start"
              disabled={tiers.state.value.length >= MAX_TIERS}
              onClick={() => tiers.pushValue({ minQuantity: null, unitPrice: null, offerPrice: 0 })}
            >
              Add a tier
            </Button>
          </fieldset>
        )}
      </form.Field>
      <form.AppForm>
        <form.SubmitButton busyLabel="Saving…" className="sm:self-start">
          Put on sale
        </form.SubmitButton>
      </form.AppForm>
    </form>
  )
}
