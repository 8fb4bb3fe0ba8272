import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { m } from '~/lib/messages'
import { formatNumber } from '~/lib/money'
import { notify } from '~/lib/notify'
import { Button } from '~/ui/button'
import { Dialog, DialogContent } from '~/ui/dialog'
import { Input } from '~/ui/input'
import { addMagazineItemsFn } from '../magazines.functions'
import { magazineQueries } from '../magazines.queries'

/**
 * Picks items for a page from the seller's own live SKUs: search by name or SKU code, filter by
 * store and category, tick several, add them in one go (up to the room the page's layout has).
 */
export function MagazinePicker({
  magazineId,
  pageId,
  pageTitle,
  room,
  exclude,
}: {
  magazineId: number
  pageId: number
  pageTitle: string
  room: number
  exclude: ReadonlySet<number>
}) {
  const [open, setOpen] = useState(false)
  const [q, setQ] = useState('')
  const [storeId, setStoreId] = useState<number | null>(null)
  const [categoryId, setCategoryId] = useState<number | null>(null)
  const [chosen, setChosen] = useState<number[]>([])
  const ids = useId()
  const queryClient = useQueryClient()
  const { data, isFetching } = useQuery({
    ...magazineQueries.pickable({ q: q.trim(), storeId, categoryId, page: 1 }),
    enabled: open,
    placeholderData: (previous) => previous,
  })
  const add = useMutation({
    mutationFn: () => addMagazineItemsFn({ data: { magazinePageId: pageId, skuIds: chosen } }),
    onSuccess: async () => {
      notify(
        'success',
        m.magazines_toast_items_added({ count: chosen.length, countText: formatNumber(chosen.length) }),
      )
      setChosen([])
      setOpen(false)
      await queryClient.invalidateQueries({ queryKey: magazineQueries.detail(magazineId).queryKey })
    },
  })
  const toggle = (id: number) =>
    setChosen((list) =>
      list.includes(id) ? list.filter((x) => x !== id) : list.length < room ? [...list, id] : list,
    )
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button size="sm" variant="secondary" disabled={room === 0} onClick={() => setOpen(true)}>
        {m.magazines_add_items()}
        <span className="sr-only"> {m.magazines_to_page({ page: pageTitle })}</span>
      </Button>
      <DialogContent
        title={m.magazines_add_items_title({ page: pageTitle })}
        description={m.magazines_add_items_description({ count: formatNumber(room) })}
        className="max-w-2xl"
      >
        <div className="flex flex-col gap-3">
          <div className="grid gap-2 sm:grid-cols-3">
            <label className="flex flex-col gap-1 text-sm font-medium text-ink sm:col-span-3">
              {m.magazines_search()}
              <Input
                type="search"
                value={q}
                onChange={(e) => setQ(e.target.value)}
                placeholder={m.magazines_search_placeholder()}
                maxLength={100}
              />
            </label>
            <label className="flex flex-col gap-1 text-sm font-medium text-ink">
              {m.magazines_store()}
              <select
                className="h-10 rounded-lg border border-stone-300 bg-white px-2 text-sm"
                value={storeId ?? ''}
                onChange={(e) => setStoreId(e.target.value ? Number(e.target.value) : null)}
              >
                <option value="">{m.magazines_all_stores()}</option>
                {data?.stores.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.name}
                  </option>
                ))}
              </select>
            </label>
            <label className="flex flex-col gap-1 text-sm font-medium text-ink">
              {m.magazines_category()}
              <select
                className="h-10 rounded-lg border border-stone-300 bg-white px-2 text-sm"
                value={categoryId ?? ''}
                onChange={(e) => setCategoryId(e.target.value ? Number(e.target.value) : null)}
              >
                <option value="">{m.magazines_all_categories()}</option>
                {data?.categories.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
              </select>
            </label>
          </div>
          <p className="text-sm text-stone-600" aria-live="polite">
            {isFetching
              ? m.magazines_searching()
              : m.magazines_live_skus({ count: formatNumber(data?.total ?? 0) })}{' '}
            ·{' '}
            {m.magazines_chosen({ chosen: formatNumber(chosen.length), room: formatNumber(room) })}
          </p>
          <ul className="flex max-h-80 flex-col divide-y divide-stone-100 overflow-auto rounded-xl border border-stone-200">
            {data?.rows.map((row) => {
              const already = exclude.has(row.id)
              const id = `${ids}-${row.id}`
              return (
                <li key={row.id} className="flex items-center gap-3 px-3 py-2">
                  <input
                    id={id}
                    type="checkbox"
                    className="size-4 accent-brand-600"
                    checked={chosen.includes(row.id)}
                    disabled={already || (!chosen.includes(row.id) && chosen.length >= room)}
                    onChange={() => toggle(row.id)}
                  />
                  <div className="size-10 shrink-0 overflow-hidden rounded bg-stone-100">
                    {row.image ? <img src={row.image} alt="" className="size-full object-cover" /> : null}
                  </div>
                  <label htmlFor={id} className="min-w-0 flex-1 text-sm">
                    <span className="block truncate font-medium text-ink">{row.name}</span>
                    <span className="block truncate text-xs text-stone-600">
                      <span dir="ltr">{row.sku}</span> · {row.storeName}
                      {already ? ` · ${m.magazines_already_in()}` : ''}
                    </span>
                  </label>
                </li>
              )
            })}
          </ul>
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={() => setOpen(false)}>
              {m.magazines_cancel()}
            </Button>
            <Button disabled={chosen.length === 0 || add.isPending} onClick={() => add.mutate()}>
              {add.isPending
                ? m.magazines_adding()
                : m.magazines_add_n_items({
                    count: chosen.length,
                    countText: chosen.length ? formatNumber(chosen.length) : '',
                  })}
            </Button>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  )
}
