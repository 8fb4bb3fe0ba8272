import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { toApiError } from '~/lib/api-error'
import { notify } from '~/lib/notify'
import { Button } from '~/ui/button'
import { inputClasses } from '~/ui/input'
import { offerExistingProductFn, searchCatalogueFn } from '../stores.functions'
import { storeQueries } from '../stores.queries'
import type { CatalogueMatch } from '../stores.schemas'

interface TierRow {
  unitPrice: string
  offerPrice: string
  minQuantity: string
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
  const [sku, setSku] = useState('')
  const [pieces, setPieces] = useState('1')
  const [stock, setStock] = useState('0')
  const [always, setAlways] = useState(false)
  const [tiers, setTiers] = useState<TierRow[]>([{ unitPrice: '', offerPrice: '0', minQuantity: '1' }])
  const [errors, setErrors] = useState<Record<string, string[]>>({})
  const [message, setMessage] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const err = (key: string) =>
    errors[key]?.[0] ? (
      <span role="alert" className="text-xs text-red-700">
        {errors[key][0]}
      </span>
    ) : null
  const setTier = (i: number, key: keyof TierRow, value: string) =>
    setTiers((rows) => rows.map((r, k) => (k === i ? { ...r, [key]: value } : r)))

  async function submit() {
    setBusy(true)
    setErrors({})
    setMessage(null)
    try {
      await offerExistingProductFn({
        data: {
          storeId,
          productId: product.id,
          sku: sku.trim(),
          piecesPerPack: Number(pieces),
          alwaysAvailable: always,
          stock: Number(stock),
          tiers: tiers.map((t) => ({
            unitPrice: Number(t.unitPrice),
            offerPrice: Number(t.offerPrice || 0),
            minQuantity: Number(t.minQuantity),
          })),
        },
      })
      await queryClient.invalidateQueries({ queryKey: storeQueries.all })
      notify('success', `${product.name} is on sale`)
      await navigate({ to: '/seller/stores/$storeId/products', params: { storeId: String(storeId) } })
    } catch (error) {
      const api = toApiError(error)
      setErrors(api.fieldErrors ?? {})
      setMessage(api.message)
    } finally {
      setBusy(false)
    }
  }

  return (
    <form
      aria-label={`Offer ${product.name}`}
      className="flex flex-col gap-3 rounded-2xl border border-stone-200 p-4"
      onSubmit={(e) => {
        e.preventDefault()
        void submit()
      }}
    >
      <p className="text-sm font-medium text-ink">{product.name}</p>
      {message ? (
        <p role="alert" className="text-sm text-red-700">
          {message}
        </p>
      ) : null}
      <div className="grid gap-3 sm:grid-cols-3">
        <label className={labelClass}>
          SKU code
          <input
            value={sku}
            onChange={(e) => setSku(e.target.value)}
            className={inputClasses}
            dir="ltr"
            placeholder="Generated when empty"
          />
          {err('sku')}
        </label>
        <label className={labelClass}>
          Pieces per pack
          <input
            value={pieces}
            onChange={(e) => setPieces(e.target.value)}
            inputMode="numeric"
            className={inputClasses}
          />
          {err('piecesPerPack')}
        </label>
        <label className={labelClass}>
          Stock
          <input
            value={stock}
            onChange={(e) => setStock(e.target.value)}
            inputMode="numeric"
            className={inputClasses}
            disabled={always}
          />
          {err('stock')}
        </label>
      </div>
      <label className="flex items-center gap-2 text-sm text-ink">
        <input type="checkbox" checked={always} onChange={(e) => setAlways(e.target.checked)} /> Always
        available
      </label>
      <fieldset className="flex flex-col gap-2">
        <legend className="text-sm font-semibold text-ink">Price tiers</legend>
        {tiers.map((t, i) => (
          <div key={i} className="grid gap-2 sm:grid-cols-3">
            <label className={labelClass}>
              From quantity (tier {i + 1})
              <input
                value={t.minQuantity}
                onChange={(e) => setTier(i, 'minQuantity', e.target.value)}
                inputMode="numeric"
                className={inputClasses}
              />
              {err(`tiers.${i}.minQuantity`)}
            </label>
            <label className={labelClass}>
              Unit price (tier {i + 1})
              <input
                value={t.unitPrice}
                onChange={(e) => setTier(i, 'unitPrice', e.target.value)}
                inputMode="numeric"
                className={inputClasses}
              />
              {err(`tiers.${i}.unitPrice`)}
            </label>
            <label className={labelClass}>
              Offer price (tier {i + 1})
              <input
                value={t.offerPrice}
                onChange={(e) => setTier(i, 'offerPrice', e.target.value)}
                inputMode="numeric"
                className={inputClasses}
              />
              {err(`tiers.${i}.offerPrice`)}
            </label>
          </div>
        ))}
        {err('tiers')}
        <Button
          type="button"
          variant="secondary"
          size="sm"
          className="self-start"
          onClick={() => setTiers((rows) => [...rows, { unitPrice: '', offerPrice: '0', minQuantity: '' }])}
        >
          Add a tier
        </Button>
      </fieldset>
      <Button type="submit" disabled={busy} className="sm:self-start">
        {busy ? 'Saving…' : 'Put on sale'}
      </Button>
    </form>
  )
}
