import { useQuery } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { m } from '~/lib/messages'
import { formatMoney, formatNumber } from '~/lib/money'
import { Button } from '~/ui/button'
import { reorderQueries } from '../reorder.queries'
import type { OfferView, ReorderChange, ReorderLine } from '../reorder.schemas'
import { useAddLines } from './use-add-lines'

/** What changed on a line since the order, in words. */
export function changeText(change: ReorderChange): string {
  switch (change.kind) {
    case 'price_up':
      return m.reorder_change_price_up({ from: formatMoney(change.from), to: formatMoney(change.to) })
    case 'price_down':
      return m.reorder_change_price_down({ from: formatMoney(change.from), to: formatMoney(change.to) })
    case 'out_of_stock':
      return m.reorder_change_out_of_stock()
    case 'not_enough_stock':
      return m.reorder_change_low_stock({ stock: formatNumber(change.stock) })
    case 'below_moq':
      return m.reorder_change_below_moq({ min: formatNumber(change.minQuantity) })
    case 'retired':
      return m.reorder_change_retired()
  }
}

type Choice = { kind: 'line' } | { kind: 'alternative' } | { kind: 'none' }

function lineToAdd(line: ReorderLine, choice: Choice) {
  if (choice.kind === 'line' && line.offer)
    return { sku: line.sku, quantity: line.addQuantity, unit_price: line.offer.unitPrice }
  if (choice.kind === 'alternative' && line.alternative) {
    const alt: OfferView = line.alternative
    return { sku: alt.sku, quantity: Math.max(line.quantity, alt.minQuantity), unit_price: alt.unitPrice }
  }
  return null
}

/**
 * "Buy again" on a past order: the preview of every line at today's price with what changed, each
 * line chosen or not (lines that changed are shown side by side with the old price), then one add.
 * A retired SKU offers the product's best live offer instead, chosen only by the buyer.
 */
export function ReorderPanel({ orderId }: { orderId: number }) {
  const [open, setOpen] = useState(false)
  const headingId = useId()
  const preview = useQuery({ ...reorderQueries.preview(orderId), enabled: open })
  const [choices, setChoices] = useState<Record<string, Choice>>({})
  const add = useAddLines(() => setOpen(false))
  if (!open)
    return (
      <Button type="button" variant="secondary" onClick={() => setOpen(true)}>
        {m.reorder_buy_again()}
      </Button>
    )
  const lines = preview.data?.lines ?? []
  const choiceOf = (line: ReorderLine): Choice =>
    choices[line.sku] ?? (line.addable ? { kind: 'line' } : { kind: 'none' })
  const toAdd = lines.flatMap((line) => {
    const picked = lineToAdd(line, choiceOf(line))
    return picked ? [picked] : []
  })
  return (
    <section aria-labelledby={headingId} className="w-full rounded-xl border border-stone-200 bg-white p-4">
      <h2 id={headingId} className="text-lg font-semibold">
        {m.reorder_preview_title()}
      </h2>
      <p className="mt-1 text-sm text-stone-600">{m.reorder_preview_intro()}</p>
      {preview.isPending ? (
        <p role="status" className="mt-3 text-sm">
          {m.reorder_loading()}
        </p>
      ) : preview.isError ? (
        <p role="alert" className="mt-3 text-sm text-red-800">
          {m.reorder_preview_failed()}
        </p>
      ) : (
        <ul className="mt-3 divide-y divide-stone-200">
          {lines.map((line) => {
            const choice = choiceOf(line)
            const id = `${headingId}-${line.sku}`
            return (
              <li key={line.sku} className="flex flex-col gap-1 py-3">
                <div className="flex items-start gap-2">
                  <input
                    id={id}
                    type="checkbox"
                    className="mt-1 size-4"
                    disabled={!line.addable}
                    checked={choice.kind === 'line'}
                    onChange={(e) =>
                      setChoices({
                        ...choices,
                        [line.sku]: e.target.checked ? { kind: 'line' } : { kind: 'none' },
                      })
                    }
                  />
                  <label htmlFor={id} className="flex-1">
                    <span className="font-medium">{line.productName}</span>{' '}
                    <span className="text-xs text-stone-600" dir="ltr">
                      {line.sku}
                    </span>
                    <span className="block text-sm text-stone-700">
                      {line.offer
                        ? m.reorder_line_summary({
                            quantity: formatNumber(line.addQuantity),
                            price: formatMoney(line.offer.unitPrice),
                            seller: line.offer.sellerName,
                          })
                        : m.reorder_line_ordered({ quantity: formatNumber(line.quantity) })}
                    </span>
                  </label>
                </div>
                {line.changes.length ? (
                  <ul className="ms-6 list-disc ps-4 text-sm text-amber-900">
                    {line.changes.map((change) => (
                      <li key={change.kind}>{changeText(change)}</li>
                    ))}
                  </ul>
                ) : (
                  <p className="ms-6 text-sm text-stone-600">{m.reorder_unchanged()}</p>
                )}
                {line.changes.some((c) => c.kind === 'retired') ? (
                  line.alternative ? (
                    <label className="ms-6 flex items-start gap-2 text-sm">
                      <input
                        type="checkbox"
                        className="mt-1 size-4"
                        checked={choice.kind === 'alternative'}
                        onChange={(e) =>
                          setChoices({
                            ...choices,
                            [line.sku]: e.target.checked ? { kind: 'alternative' } : { kind: 'none' },
                          })
                        }
                      />
                      <span>
                        {m.reorder_alternative({
                          seller: line.alternative.sellerName,
                          price: formatMoney(line.alternative.unitPrice),
                          min: formatNumber(line.alternative.minQuantity),
                        })}
                      </span>
                    </label>
                  ) : (
                    <p className="ms-6 text-sm text-stone-600">{m.reorder_no_alternative()}</p>
                  )
                ) : null}
              </li>
            )
          })}
        </ul>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        <Button
          type="button"
          disabled={toAdd.length === 0 || add.isPending}
          onClick={() => add.mutate(toAdd)}
        >
          {m.reorder_add_selected({ count: formatNumber(toAdd.length) })}
        </Button>
        <Button type="button" variant="ghost" onClick={() => setOpen(false)}>
          {m.reorder_cancel()}
        </Button>
      </div>
    </section>
  )
}
