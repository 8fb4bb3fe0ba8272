import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useId, useState } from 'react'
import { m } from '~/lib/messages'
import { formatMoney, formatNumber } from '~/lib/money'
import { Button } from '~/ui/button'
import { inputClasses } from '~/ui/input'
import { Table, TBody, Td, Th, THead, Tr } from '~/ui/table'
import {
  deleteListFn,
  moveListLineFn,
  removeListLineFn,
  renameListFn,
  setListLineFn,
} from '../buyer-lists.functions'
import { buyerListQueries } from '../buyer-lists.queries'
import type { ListLineView, ListView } from '../buyer-lists.schemas'
import { useAddLines } from './use-add-lines'

/** A CSV of the list (SKU code, quantity, product, unit price), as quick order reads it back. */
export function listCsv(list: ListView): string {
  const cell = (value: string | number) => {
    const text = String(value)
    // A leading =, +, - or @ would run as a formula in a spreadsheet.
    const safe = /^[=+\-@]/.test(text) ? `'${text}` : text
    return /[",\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe
  }
  const rows = [['sku', 'quantity', 'product', 'unit_price']]
  for (const line of list.lines)
    rows.push([
      line.sku,
      String(line.quantity),
      line.offer?.productName ?? '',
      String(line.offer?.unitPrice ?? ''),
    ])
  return rows.map((row) => row.map(cell).join(',')).join('\n') + '\n'
}

function download(name: string, text: string) {
  const url = URL.createObjectURL(new Blob(['\ufeff', text], { type: 'text/csv;charset=utf-8' }))
  const a = document.createElement('a')
  a.href = url
  a.download = name
  a.click()
  URL.revokeObjectURL(url)
}

/** /buyer/lists/$id: the list's lines with today's price and stock; edit, reorder, add to the basket. */
export function BuyerListDetail({ listId }: { listId: number }) {
  const { data: list } = useSuspenseQuery(buyerListQueries.detail(listId))
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const refresh = () => queryClient.invalidateQueries({ queryKey: buyerListQueries.all })
  const [selected, setSelected] = useState<Set<string>>(new Set())
  const [name, setName] = useState(list.name)
  const [newSku, setNewSku] = useState('')
  const [newQuantity, setNewQuantity] = useState('1')
  const nameId = useId()
  const skuId = useId()
  const qtyId = useId()
  const add = useAddLines()
  const change = useMutation({
    mutationFn: (run: () => Promise<unknown>) => run(),
    onSuccess: refresh,
  })
  const addable = (line: ListLineView) => Boolean(line.offer && line.inStock)
  const toBasket = (lines: ListLineView[]) =>
    add.mutate(
      lines
        .filter(addable)
        .map((line) => ({ sku: line.sku, quantity: line.quantity, unit_price: line.offer!.unitPrice })),
    )
  const chosen = list.lines.filter((line) => selected.has(line.sku))
  return (
    <div className="flex flex-col gap-4">
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault()
          change.mutate(() => renameListFn({ data: { listId, name } }))
        }}
      >
        <label htmlFor={nameId} className="flex flex-col gap-1 text-sm font-medium">
          {m.reorder_list_name()}
          <input
            id={nameId}
            className={inputClasses}
            value={name}
            maxLength={80}
            required
            onChange={(e) => setName(e.target.value)}
          />
        </label>
        <Button type="submit" variant="secondary" disabled={change.isPending}>
          {m.reorder_list_rename()}
        </Button>
      </form>
      {list.lines.length ? (
        <Table caption={m.reorder_list_lines_caption({ name: list.name })}>
          <THead>
            <Tr>
              <Th>
                <span className="sr-only">{m.reorder_list_select()}</span>
              </Th>
              <Th>{m.reorder_col_sku()}</Th>
              <Th>{m.reorder_col_product()}</Th>
              <Th>{m.reorder_col_quantity()}</Th>
              <Th>{m.reorder_col_unit_price()}</Th>
              <Th>{m.reorder_col_stock()}</Th>
              <Th>
                <span className="sr-only">{m.reorder_list_actions()}</span>
              </Th>
            </Tr>
          </THead>
          <TBody>
            {list.lines.map((line, index) => (
              <Tr key={line.sku}>
                <Td>
                  <input
                    type="checkbox"
                    className="size-4"
                    aria-label={m.reorder_list_select_line({ sku: line.sku })}
                    disabled={!addable(line)}
                    checked={selected.has(line.sku)}
                    onChange={(e) => {
                      const next = new Set(selected)
                      if (e.target.checked) next.add(line.sku)
                      else next.delete(line.sku)
                      setSelected(next)
                    }}
                  />
                </Td>
                <Td text dir="ltr">
                  {line.sku}
                </Td>
                <Td text>
                  {line.offer ? (
                    <>
                      {line.offer.productName}
                      <span className="block text-xs text-stone-600">{line.offer.sellerName}</span>
                    </>
                  ) : (
                    <span className="text-red-800">{m.reorder_problem_not_on_offer()}</span>
                  )}
                </Td>
                <Td>
                  <input
                    type="number"
                    inputMode="numeric"
                    min={1}
                    max={100000}
                    defaultValue={line.quantity}
                    aria-label={m.reorder_list_quantity_of({ sku: line.sku })}
                    className={`${inputClasses} w-24`}
                    onBlur={(e) => {
                      const quantity = Number(e.target.value)
                      if (Number.isInteger(quantity) && quantity >= 1 && quantity !== line.quantity)
                        change.mutate(() => setListLineFn({ data: { listId, sku: line.sku, quantity } }))
                    }}
                  />
                </Td>
                <Td>{line.offer ? formatMoney(line.offer.unitPrice) : '—'}</Td>
                <Td>
                  {!line.offer
                    ? '—'
                    : line.offer.alwaysAvailable
                      ? m.reorder_always_available()
                      : formatNumber(line.offer.stock)}
                </Td>
                <Td>
                  <div className="flex gap-1">
                    <Button
                      type="button"
                      size="sm"
                      variant="ghost"
                      disabled={index === 0 || change.isPending}
                      aria-label={m.reorder_list_move_up({ sku: line.sku })}
                      onClick={() =>
                        change.mutate(() =>
                          moveListLineFn({ data: { listId, sku: line.sku, direction: 'up' } }),
                        )
                      }
                    >
                      ↑
                    </Button>
                    <Button
                      type="button"
                      size="sm"
                      variant="ghost"
                      disabled={index === list.lines.length - 1 || change.isPending}
                      aria-label={m.reorder_list_move_down({ sku: line.sku })}
                      onClick={() =>
                        change.mutate(() =>
                          moveListLineFn({ data: { listId, sku: line.sku, direction: 'down' } }),
                        )
                      }
                    >
                      ↓
                    </Button>
                    <Button
                      type="button"
                      size="sm"
                      variant="ghost"
                      disabled={change.isPending}
                      onClick={() =>
                        change.mutate(() => removeListLineFn({ data: { listId, sku: line.sku } }))
                      }
                    >
                      {m.reorder_list_remove()}
                      <span className="sr-only"> {line.sku}</span>
                    </Button>
                  </div>
                </Td>
              </Tr>
            ))}
          </TBody>
        </Table>
      ) : (
        <p className="text-sm text-stone-700">{m.reorder_list_no_lines()}</p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          disabled={add.isPending || !list.lines.some(addable)}
          onClick={() => toBasket(list.lines)}
        >
          {m.reorder_list_add_all()}
        </Button>
        <Button
          type="button"
          variant="secondary"
          disabled={add.isPending || chosen.length === 0}
          onClick={() => toBasket(chosen)}
        >
          {m.reorder_list_add_selected({ count: formatNumber(chosen.length) })}
        </Button>
        <Button
          type="button"
          variant="secondary"
          onClick={() => download(`list-${list.id}.csv`, listCsv(list))}
        >
          {m.reorder_list_export_csv()}
        </Button>
        <Button
          type="button"
          variant="danger"
          disabled={change.isPending}
          onClick={() =>
            change.mutate(async () => {
              await deleteListFn({ data: { listId } })
              await navigate({ to: '/buyer/lists' })
            })
          }
        >
          {m.reorder_list_delete()}
        </Button>
      </div>
      <form
        className="flex flex-wrap items-end gap-2 rounded-xl border border-stone-200 bg-white p-4"
        onSubmit={(e) => {
          e.preventDefault()
          const quantity = Number(newQuantity)
          change.mutate(async () => {
            await setListLineFn({ data: { listId, sku: newSku.trim(), quantity } })
            setNewSku('')
          })
        }}
      >
        <label htmlFor={skuId} className="flex flex-col gap-1 text-sm font-medium">
          {m.reorder_col_sku()}
          <input
            id={skuId}
            dir="ltr"
            className={inputClasses}
            value={newSku}
            maxLength={64}
            required
            onChange={(e) => setNewSku(e.target.value)}
          />
        </label>
        <label htmlFor={qtyId} className="flex flex-col gap-1 text-sm font-medium">
          {m.reorder_col_quantity()}
          <input
            id={qtyId}
            type="number"
            min={1}
            max={100000}
            className={`${inputClasses} w-24`}
            value={newQuantity}
            onChange={(e) => setNewQuantity(e.target.value)}
          />
        </label>
        <Button type="submit" variant="secondary" disabled={change.isPending}>
          {m.reorder_list_add_line()}
        </Button>
      </form>
    </div>
  )
}
