import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { useId, useState } from 'react'
import { m } from '~/lib/messages'
import { formatNumber } from '~/lib/money'
import { Button } from '~/ui/button'
import { inputClasses } from '~/ui/input'
import { createListFn, createListFromOrderFn } from '../buyer-lists.functions'
import { buyerListQueries } from '../buyer-lists.queries'

/** /buyer/lists: the caller's saved lists and a form for a new one (empty or from the basket). */
export function BuyerListsIndex() {
  const { data: lists } = useSuspenseQuery(buyerListQueries.list())
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const nameId = useId()
  const [name, setName] = useState('')
  const [from, setFrom] = useState<'basket' | 'empty'>('basket')
  const create = useMutation({
    mutationFn: () => createListFn({ data: { name, from } }),
    onSuccess: async ({ id }) => {
      await queryClient.invalidateQueries({ queryKey: buyerListQueries.all })
      await navigate({ to: '/buyer/lists/$id', params: { id: String(id) } })
    },
  })
  return (
    <div className="flex flex-col gap-5">
      {lists.length ? (
        <ul className="divide-y divide-stone-200 rounded-xl border border-stone-200 bg-white">
          {lists.map((list) => (
            <li key={list.id} className="flex flex-wrap items-center justify-between gap-2 p-4">
              <Link
                to="/buyer/lists/$id"
                params={{ id: String(list.id) }}
                className="font-medium text-brand-800 hover:underline"
              >
                {list.name}
              </Link>
              <span className="text-sm text-stone-600">
                {m.reorder_list_line_count({ count: formatNumber(list.lineCount) })}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-stone-700">{m.reorder_lists_empty()}</p>
      )}
      <form
        className="flex flex-col gap-3 rounded-xl border border-stone-200 bg-white p-4"
        onSubmit={(e) => {
          e.preventDefault()
          create.mutate()
        }}
      >
        <h2 className="text-lg font-semibold">{m.reorder_list_new()}</h2>
        <label htmlFor={nameId} className="text-sm font-medium">
          {m.reorder_list_name()}
        </label>
        <input
          id={nameId}
          className={inputClasses}
          value={name}
          maxLength={80}
          required
          onChange={(e) => setName(e.target.value)}
        />
        <fieldset className="flex flex-col gap-1 text-sm">
          <legend className="font-medium">{m.reorder_list_from()}</legend>
          <label className="flex items-center gap-2">
            <input type="radio" name="from" checked={from === 'basket'} onChange={() => setFrom('basket')} />
            {m.reorder_list_from_basket()}
          </label>
          <label className="flex items-center gap-2">
            <input type="radio" name="from" checked={from === 'empty'} onChange={() => setFrom('empty')} />
            {m.reorder_list_from_empty()}
          </label>
        </fieldset>
        <div>
          <Button type="submit" disabled={create.isPending || name.trim() === ''}>
            {m.reorder_list_create()}
          </Button>
        </div>
      </form>
    </div>
  )
}

/** "Save as a list" on an order: names the list and opens it. */
export function SaveOrderAsList({ orderId, defaultName }: { orderId: number; defaultName: string }) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const save = useMutation({
    mutationFn: () => createListFromOrderFn({ data: { name: defaultName.slice(0, 80), order_id: orderId } }),
    onSuccess: async ({ id }) => {
      await queryClient.invalidateQueries({ queryKey: buyerListQueries.all })
      await navigate({ to: '/buyer/lists/$id', params: { id: String(id) } })
    },
  })
  return (
    <Button type="button" variant="secondary" disabled={save.isPending} onClick={() => save.mutate()}>
      {m.reorder_list_save_order()}
    </Button>
  )
}
