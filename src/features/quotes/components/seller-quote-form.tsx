import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { toApiError, type ApiError } from '~/lib/api-error'
import { m } from '~/lib/messages'
import { formatMoney, formatNumber } from '~/lib/money'
import { notify } from '~/lib/notify'
import { Button } from '~/ui/button'
import { Input } from '~/ui/input'
import { submitQuoteFn } from '../quotes.functions'
import { quoteQueries } from '../quotes.queries'
import type { SellerQuoteRequestView } from '../quotes.schemas'

const whole = (text: string) => Number(text.replace(/[^\d]/g, '') || '0')

/**
 * The seller's quote on a request: per line a unit price, the SKU it will supply and the lead time;
 * a delivery fee, validity and note. Sent again, it is a new revision (until accepted).
 */
export function SellerQuoteForm({ request }: { request: SellerQuoteRequestView }) {
  const queryClient = useQueryClient()
  const current = request.quote?.revisions[0]
  const [lines, setLines] = useState(
    request.lines.map((line) => {
      const quoted = current?.lines.find((l) => l.request_line_id === line.id)
      return {
        id: line.id,
        price: quoted ? String(quoted.unit_price) : '',
        sku: quoted?.sku ?? '',
        lead: quoted ? String(quoted.lead_time_days) : '0',
      }
    }),
  )
  const [fee, setFee] = useState(String(current?.delivery_fee ?? 0))
  const [validDays, setValidDays] = useState('7')
  const [note, setNote] = useState('')
  const [error, setError] = useState<ApiError | null>(null)
  const [busy, setBusy] = useState(false)
  const setLine = (i: number, patch: Partial<(typeof lines)[number]>) =>
    setLines((all) => all.map((line, j) => (j === i ? { ...line, ...patch } : line)))
  const submit = async (event: React.FormEvent) => {
    event.preventDefault()
    setBusy(true)
    setError(null)
    try {
      await submitQuoteFn({
        data: {
          quote_request_id: request.id,
          valid_days: whole(validDays),
          delivery_fee: whole(fee),
          note,
          lines: lines.map((l) => ({
            request_line_id: l.id,
            unit_price: whole(l.price),
            sku: l.sku.trim(),
            lead_time_days: whole(l.lead),
            note: '',
          })),
        },
      })
      notify('success', current ? m.quotes_revised_notice() : m.quotes_sent_notice())
      await queryClient.invalidateQueries({ queryKey: quoteQueries.all })
    } catch (caught) {
      setError(toApiError(caught))
    } finally {
      setBusy(false)
    }
  }
  const fieldError = (name: string) => error?.fieldErrors?.[name]?.[0]
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-label={m.quotes_your_quote()}>
      {error ? (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
          {error.message}
        </p>
      ) : null}
      {request.lines.map((line, i) => (
        <fieldset
          key={line.id}
          className="grid grid-cols-1 gap-3 rounded-xl border border-stone-200 p-3 sm:grid-cols-3"
        >
          <legend className="px-1 text-sm font-medium">
            {line.product?.name ?? line.description} · {formatNumber(line.quantity)} {line.unit}
            {line.target_unit_price
              ? ` · ${m.quotes_target({ price: formatMoney(line.target_unit_price) })}`
              : ''}
          </legend>
          <label className="flex flex-col gap-1 text-sm">
            {m.quotes_field_unit_price()}
            <Input
              inputMode="numeric"
              value={lines[i]!.price}
              onChange={(e) => setLine(i, { price: e.target.value })}
            />
          </label>
          <label className="flex flex-col gap-1 text-sm">
            {m.quotes_field_sku()}
            <Input value={lines[i]!.sku} onChange={(e) => setLine(i, { sku: e.target.value })} />
            {fieldError(`lines.${i}.sku`) ? (
              <span className="text-red-700">{fieldError(`lines.${i}.sku`)}</span>
            ) : null}
          </label>
          <label className="flex flex-col gap-1 text-sm">
            {m.quotes_field_lead_time_days()}
            <Input
              inputMode="numeric"
              value={lines[i]!.lead}
              onChange={(e) => setLine(i, { lead: e.target.value })}
            />
          </label>
        </fieldset>
      ))}
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <label className="flex flex-col gap-1 text-sm">
          {m.quotes_field_delivery_fee()}
          <Input inputMode="numeric" value={fee} onChange={(e) => setFee(e.target.value)} />
        </label>
        <label className="flex flex-col gap-1 text-sm">
          {m.quotes_field_valid_days()}
          <Input inputMode="numeric" value={validDays} onChange={(e) => setValidDays(e.target.value)} />
        </label>
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
      <Button type="submit" className="self-start" disabled={busy}>
        {current ? m.quotes_send_revision() : m.quotes_send_quote()}
      </Button>
    </form>
  )
}
