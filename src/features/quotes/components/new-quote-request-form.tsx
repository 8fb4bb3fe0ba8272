import { useQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useId, useState } from 'react'
import { toApiError, type ApiError } from '~/lib/api-error'
import { m } from '~/lib/messages'
import { QUOTE_MAX_RECIPIENTS } from '~/lib/quote-enums'
import { tehranDayOf } from '~/lib/tehran-time'
import { Button } from '~/ui/button'
import { Input } from '~/ui/input'
import { createQuoteRequestFn } from '../quotes.functions'
import { quoteQueries } from '../quotes.queries'

interface LineDraft {
  product_slug: string
  product_name: string
  description: string
  quantity: string
  unit: string
  target: string
}

const emptyLine = (): LineDraft => ({
  product_slug: '',
  product_name: '',
  description: '',
  quantity: '',
  unit: '',
  target: '',
})

const whole = (text: string) => (text.trim() === '' ? null : Number(text.replace(/[^\d]/g, '')))

/**
 * /buyer/quotes/new: the lines (a catalogue product, from the product page's "Request a quote",
 * or free text), needed-by day, delivery city or pickup, payment preference, note, and up to ten
 * sellers that sell the products. The server checks everything again.
 */
export function NewQuoteRequestForm({ product }: { product: { slug: string; name: string } | null }) {
  const id = useId()
  const navigate = useNavigate()
  const [lines, setLines] = useState<LineDraft[]>([
    product ? { ...emptyLine(), product_slug: product.slug, product_name: product.name } : emptyLine(),
  ])
  const [neededBy, setNeededBy] = useState(() => tehranDayOf(new Date(Date.now() + 14 * 86_400_000)))
  const [mode, setMode] = useState<'delivery' | 'pickup'>('delivery')
  const [city, setCity] = useState('')
  const [payment, setPayment] = useState<'pay_now' | 'credit_terms'>('pay_now')
  const [note, setNote] = useState('')
  const [chosen, setChosen] = useState<number[]>([])
  const [error, setError] = useState<ApiError | null>(null)
  const [busy, setBusy] = useState(false)
  const slugs = lines.map((l) => l.product_slug).filter(Boolean)
  const sellers = useQuery({ ...quoteQueries.sellers(slugs), enabled: slugs.length > 0 })
  const setLine = (i: number, patch: Partial<LineDraft>) =>
    setLines((all) => all.map((line, j) => (j === i ? { ...line, ...patch } : line)))
  const toggle = (sellerId: number) =>
    setChosen((all) =>
      all.includes(sellerId)
        ? all.filter((s) => s !== sellerId)
        : all.length < QUOTE_MAX_RECIPIENTS
          ? [...all, sellerId]
          : all,
    )
  const fieldError = (name: string) => error?.fieldErrors?.[name]?.[0]
  const submit = async (event: React.FormEvent) => {
    event.preventDefault()
    setBusy(true)
    setError(null)
    try {
      const created = await createQuoteRequestFn({
        data: {
          needed_by: neededBy,
          delivery_mode: mode,
          delivery_city: mode === 'delivery' ? city : '',
          payment_preference: payment,
          note,
          lines: lines.map((l) => ({
            product_slug: l.product_slug,
            description: l.description,
            category_id: null,
            quantity: whole(l.quantity) ?? 0,
            unit: l.unit,
            target_unit_price: whole(l.target),
          })),
          seller_ids: chosen,
        },
      })
      await navigate({ to: '/buyer/quotes/$id', params: { id: String(created.id) } })
    } catch (caught) {
      setError(toApiError(caught))
    } finally {
      setBusy(false)
    }
  }
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-6" aria-label={m.quotes_new_title()}>
      {error ? (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
          {error.message}
        </p>
      ) : null}
      <fieldset className="flex flex-col gap-4">
        <legend className="text-base font-semibold">{m.quotes_lines()}</legend>
        {lines.map((line, i) => (
          <div
            key={i}
            className="grid grid-cols-1 gap-3 rounded-xl border border-stone-200 p-3 sm:grid-cols-2"
          >
            {line.product_slug ? (
              <p className="text-sm font-medium sm:col-span-2">{line.product_name}</p>
            ) : (
              <label className="flex flex-col gap-1 text-sm sm:col-span-2">
                {m.quotes_field_description()}
                <Input
                  value={line.description}
                  onChange={(e) => setLine(i, { description: e.target.value })}
                />
                {fieldError(`lines.${i}`) ? (
                  <span className="text-red-700">{fieldError(`lines.${i}`)}</span>
                ) : null}
              </label>
            )}
            <label className="flex flex-col gap-1 text-sm">
              {m.quotes_field_quantity()}
              <Input
                inputMode="numeric"
                value={line.quantity}
                onChange={(e) => setLine(i, { quantity: e.target.value })}
              />
              {fieldError(`lines.${i}.quantity`) ? (
                <span className="text-red-700">{fieldError(`lines.${i}.quantity`)}</span>
              ) : null}
            </label>
            <label className="flex flex-col gap-1 text-sm">
              {m.quotes_field_unit()}
              <Input value={line.unit} onChange={(e) => setLine(i, { unit: e.target.value })} />
            </label>
            <label className="flex flex-col gap-1 text-sm">
              {m.quotes_field_target_price()}
              <Input
                inputMode="numeric"
                value={line.target}
                onChange={(e) => setLine(i, { target: e.target.value })}
              />
            </label>
            {lines.length > 1 ? (
              <Button
                type="button"
                variant="ghost"
                className="self-end"
                onClick={() => setLines((all) => all.filter((_, j) => j !== i))}
              >
                {m.quotes_remove_line()}
              </Button>
            ) : null}
          </div>
        ))}
        <Button
          type="button"
          variant="secondary"
          className="self-start"
          onClick={() => setLines([...lines, emptyLine()])}
        >
          {m.quotes_add_free_line()}
        </Button>
      </fieldset>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <label className="flex flex-col gap-1 text-sm">
          {m.quotes_field_needed_by()}
          <Input type="date" value={neededBy} onChange={(e) => setNeededBy(e.target.value)} />
          {fieldError('needed_by') ? <span className="text-red-700">{fieldError('needed_by')}</span> : null}
        </label>
        <label className="flex flex-col gap-1 text-sm">
          {m.quotes_field_payment()}
          <select
            className="h-10 rounded-lg border border-stone-300 px-2"
            value={payment}
            onChange={(e) => setPayment(e.target.value as typeof payment)}
          >
            <option value="pay_now">{m.quotes_payment_pay_now()}</option>
            <option value="credit_terms">{m.quotes_payment_credit_terms()}</option>
          </select>
        </label>
        <fieldset className="flex flex-col gap-2 text-sm">
          <legend className="font-medium">{m.quotes_field_delivery()}</legend>
          <label className="flex items-center gap-2">
            <input
              type="radio"
              name={`${id}-mode`}
              checked={mode === 'delivery'}
              onChange={() => setMode('delivery')}
            />
            {m.quotes_delivery_to_city()}
          </label>
          <label className="flex items-center gap-2">
            <input
              type="radio"
              name={`${id}-mode`}
              checked={mode === 'pickup'}
              onChange={() => setMode('pickup')}
            />
            {m.quotes_pickup()}
          </label>
        </fieldset>
        {mode === 'delivery' ? (
          <label className="flex flex-col gap-1 text-sm">
            {m.quotes_field_city()}
            <Input value={city} onChange={(e) => setCity(e.target.value)} />
            {fieldError('delivery_city') ? (
              <span className="text-red-700">{fieldError('delivery_city')}</span>
            ) : null}
          </label>
        ) : null}
      </div>
      <label className="flex flex-col gap-1 text-sm">
        {m.quotes_field_note()}
        <textarea
          rows={3}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          className="rounded-lg border border-stone-300 p-2"
        />
      </label>
      <fieldset className="flex flex-col gap-2 text-sm">
        <legend className="text-base font-semibold">
          {m.quotes_choose_sellers({ max: String(QUOTE_MAX_RECIPIENTS) })}
        </legend>
        {slugs.length === 0 ? <p className="text-stone-600">{m.quotes_sellers_need_product()}</p> : null}
        {sellers.data?.length === 0 ? <p className="text-stone-600">{m.quotes_no_sellers()}</p> : null}
        {sellers.data?.map((seller) => (
          <label key={seller.id} className="flex items-center gap-2">
            <input type="checkbox" checked={chosen.includes(seller.id)} onChange={() => toggle(seller.id)} />
            {seller.name} <span className="text-stone-600">({seller.city})</span>
          </label>
        ))}
        {fieldError('seller_ids') ? <span className="text-red-700">{fieldError('seller_ids')}</span> : null}
      </fieldset>
      <Button type="submit" className="self-start" disabled={busy}>
        {m.quotes_send_request()}
      </Button>
    </form>
  )
}
