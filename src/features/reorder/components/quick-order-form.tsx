import { useMutation } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useId, useState } from 'react'
import { m } from '~/lib/messages'
import { formatMoney, formatNumber } from '~/lib/money'
import { Button } from '~/ui/button'
import { inputClasses } from '~/ui/input'
import { Table, TBody, Td, Th, THead, Tr } from '~/ui/table'
import { checkQuickOrderFn } from '../reorder.functions'
import {
  MAX_QUICK_ORDER_CHARS,
  type QuickOrderCheck,
  type QuickOrderLine,
  type QuickOrderProblem,
} from '../reorder.schemas'
import { useAddLines } from './use-add-lines'

/** A line's problem in words. */
export function problemText(line: QuickOrderLine, problem: QuickOrderProblem): string {
  switch (problem) {
    case 'unknown_code':
      return m.reorder_problem_unknown_code({ sku: line.sku })
    case 'not_on_offer':
      return m.reorder_problem_not_on_offer()
    case 'bad_quantity':
      return m.reorder_problem_bad_quantity({ text: line.quantityText || '—' })
    case 'below_moq':
      return m.reorder_problem_below_moq({ min: formatNumber(line.offer?.minQuantity ?? 1) })
    case 'out_of_stock':
      return m.reorder_problem_out_of_stock()
    case 'not_enough_stock':
      return m.reorder_problem_low_stock({ stock: formatNumber(line.offer?.stock ?? 0) })
  }
}

const stockText = (line: QuickOrderLine) =>
  !line.offer
    ? '—'
    : line.offer.alwaysAvailable
      ? m.reorder_always_available()
      : formatNumber(line.offer.stock)

/**
 * Quick order (issue #41): paste `SKU code, quantity` lines, check them (one request, every line
 * shown with its offer or its problem in words), then add the valid lines in one request, undoable.
 */
export function QuickOrderForm() {
  const textId = useId()
  const hintId = useId()
  const fileId = useId()
  const resultId = useId()
  const [text, setText] = useState('')
  const [result, setResult] = useState<QuickOrderCheck | null>(null)
  const check = useMutation({
    mutationFn: (value: string) => checkQuickOrderFn({ data: { text: value } }),
    onSuccess: setResult,
  })
  const add = useAddLines()
  const valid = (result?.lines ?? []).filter((line) => line.problem === null && line.offer && line.quantity)
  return (
    <div className="flex flex-col gap-4">
      <form
        className="flex flex-col gap-2"
        onSubmit={(e) => {
          e.preventDefault()
          check.mutate(text)
        }}
      >
        <label htmlFor={textId} className="font-medium">
          {m.reorder_quick_paste_label()}
        </label>
        <p id={hintId} className="text-sm text-stone-600">
          {m.reorder_quick_paste_hint()}
        </p>
        <textarea
          id={textId}
          aria-describedby={hintId}
          dir="ltr"
          rows={8}
          value={text}
          onChange={(e) => setText(e.target.value)}
          className={`${inputClasses} h-auto min-h-40 w-full font-mono`}
          placeholder={'SKU-1001, 12\nSKU-1002, 24'}
        />
        <label htmlFor={fileId} className="text-sm font-medium">
          {m.reorder_quick_file_label()}
        </label>
        <input
          id={fileId}
          type="file"
          accept=".csv,.txt,text/csv,text/plain"
          className="text-sm"
          onChange={(e) => {
            const file = e.target.files?.[0]
            // A CSV with the same two columns is read here into the box, to check like a paste.
            if (file && file.size <= MAX_QUICK_ORDER_CHARS) void file.text().then(setText)
          }}
        />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={check.isPending || text.trim() === ''}>
            {m.reorder_quick_check()}
          </Button>
        </div>
      </form>
      {result ? (
        <section aria-labelledby={resultId} className="flex flex-col gap-3">
          <h2 id={resultId} className="text-lg font-semibold">
            {m.reorder_quick_result({
              valid: formatNumber(result.valid),
              total: formatNumber(result.lines.length),
            })}
          </h2>
          <Table caption={m.reorder_quick_table()}>
            <THead>
              <Tr>
                <Th>{m.reorder_col_line()}</Th>
                <Th>{m.reorder_col_sku()}</Th>
                <Th>{m.reorder_col_product()}</Th>
                <Th>{m.reorder_col_quantity()}</Th>
                <Th>{m.reorder_col_unit_price()}</Th>
                <Th>{m.reorder_col_stock()}</Th>
                <Th>{m.reorder_col_min()}</Th>
                <Th>{m.reorder_col_status()}</Th>
              </Tr>
            </THead>
            <TBody>
              {result.lines.map((line) => (
                <Tr key={line.line}>
                  <Td>{formatNumber(line.line)}</Td>
                  <Td text dir="ltr">
                    {line.sku}
                  </Td>
                  <Td text>
                    {line.offer ? (
                      <>
                        <Link
                          to="/product/$slug"
                          params={{ slug: line.offer.productSlug }}
                          className="font-medium text-brand-800 hover:underline"
                        >
                          {line.offer.productName}
                        </Link>
                        <span className="block text-xs text-stone-600">{line.offer.sellerName}</span>
                      </>
                    ) : (
                      '—'
                    )}
                  </Td>
                  <Td>{line.quantity === null ? line.quantityText || '—' : formatNumber(line.quantity)}</Td>
                  <Td>{line.offer ? formatMoney(line.offer.unitPrice) : '—'}</Td>
                  <Td>{stockText(line)}</Td>
                  <Td>{line.offer ? formatNumber(line.offer.minQuantity) : '—'}</Td>
                  <Td text className={line.problem ? 'text-red-800' : 'text-green-800'}>
                    {line.problem ? problemText(line, line.problem) : m.reorder_line_ok()}
                  </Td>
                </Tr>
              ))}
            </TBody>
          </Table>
          <div className="flex flex-wrap gap-2">
            <Button
              type="button"
              disabled={valid.length === 0 || add.isPending}
              onClick={() =>
                add.mutate(
                  valid.map((line) => ({
                    sku: line.offer!.sku,
                    quantity: line.quantity!,
                    unit_price: line.offer!.unitPrice,
                  })),
                )
              }
            >
              {m.reorder_quick_add_valid({ count: formatNumber(valid.length) })}
            </Button>
          </div>
        </section>
      ) : null}
    </div>
  )
}
