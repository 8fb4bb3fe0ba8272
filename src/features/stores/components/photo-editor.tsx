import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useId, useMemo, useState } from 'react'
import { toApiError } from '~/lib/api-error'
import { notify } from '~/lib/notify'
import { Button } from '~/ui/button'
import { updateProductPhotosFn } from '../stores.functions'
import { productAuthoringQueries, storeQueries } from '../stores.queries'
import { MAX_PHOTOS } from '~/lib/photo-limits'
import type { SkuEditView } from '../stores.schemas'
import { AddPhotosButton, photosHint, photosProblem, SortablePhotoList } from './photo-picker'
import { m } from '~/lib/messages'

type Stored = SkuEditView['product']['photos'][number]
/** A photo on the page: one already stored (by its url) or a file chosen and not yet saved. */
type Item = { kind: 'stored'; photo: Stored } | { kind: 'new'; file: File; id: string }

let nextId = 0
const itemId = (item: Item) => (item.kind === 'stored' ? item.photo.url : item.id)

/**
 * The photos of a product this seller maintains, after it was created: reorder, remove and add,
 * then save once (the server checks every file by its bytes). Mounted with a key of the stored
 * photos, so a save (or another tab's, on refetch) starts it again from what is stored.
 */
export function ProductPhotosEditor({ view }: { view: SkuEditView }) {
  const queryClient = useQueryClient()
  const initial = useMemo<Item[]>(
    () => view.product.photos.map((photo) => ({ kind: 'stored', photo })),
    [view.product.photos],
  )
  const [items, setItems] = useState<Item[]>(initial)
  const [problem, setProblem] = useState<string | null>(null)
  const [saving, setSaving] = useState(false)
  const previews = useMemo(
    () =>
      new Map(
        items.flatMap((item) => (item.kind === 'new' ? [[item.id, URL.createObjectURL(item.file)]] : [])),
      ),
    [items],
  )
  useEffect(() => () => previews.forEach((url) => URL.revokeObjectURL(url)), [previews])
  const changed =
    items.length !== initial.length || items.some((item, i) => itemId(item) !== itemId(initial[i]!))
  const hintId = useId()
  const errorId = `${hintId}-error`
  const describedBy = problem ? `${hintId} ${errorId}` : hintId

  const save = async () => {
    const files = items.flatMap((item) => (item.kind === 'new' ? [item.file] : []))
    const order = items.map((item) =>
      item.kind === 'stored' ? item.photo.url : { file: files.indexOf(item.file) },
    )
    const form = new FormData()
    form.set('productId', JSON.stringify(view.product.id))
    form.set('order', JSON.stringify(order))
    for (const file of files) form.append('photos', file)
    setSaving(true)
    try {
      await updateProductPhotosFn({ data: form })
      setProblem(null)
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: productAuthoringQueries.skuEdit(view.sku.sku).queryKey }),
        queryClient.invalidateQueries({ queryKey: storeQueries.all }),
      ])
      notify('success', m.inventory_photos_saved())
    } catch (error) {
      const failure = toApiError(error)
      // A file's own problem (its type, its size) is on the photos field; the rest is the message.
      setProblem(Object.values(failure.fieldErrors ?? {})[0]?.[0] ?? failure.message)
    } finally {
      setSaving(false)
    }
  }

  return (
    <section
      aria-labelledby="photos-title"
      className="flex flex-col gap-4 rounded-2xl border border-stone-200 bg-white p-4 sm:p-5"
    >
      <h2 id="photos-title" className="text-lg font-semibold text-ink">
        {m.inventory_photos()}
      </h2>
      <p id={hintId} className="text-sm text-stone-600">
        {photosHint()}
      </p>
      <SortablePhotoList
        label={m.inventory_product_photos()}
        items={items}
        onChange={(next) => {
          setProblem(null)
          setItems(next)
        }}
        idOf={itemId}
        urlOf={(item) => (item.kind === 'stored' ? item.photo.url : (previews.get(item.id) ?? ''))}
        nameOf={(item) =>
          item.kind === 'stored' ? item.photo.alt || m.inventory_saved_photo() : item.file.name
        }
      />
      {items.length === 0 ? <p className="text-sm text-stone-600">{m.inventory_no_photos()}</p> : null}
      <div className="flex flex-wrap items-center gap-3">
        <AddPhotosButton
          text={items.length ? m.inventory_add_more_photos() : m.inventory_choose_photos()}
          disabled={items.length >= MAX_PHOTOS || saving}
          describedBy={describedBy}
          invalid={Boolean(problem)}
          onFiles={(added) => {
            const found = photosProblem(items.length, added)
            setProblem(found)
            if (!found)
              setItems([
                ...items,
                ...added.map((file): Item => ({ kind: 'new', file, id: `new-${++nextId}` })),
              ])
          }}
        />
        <Button onClick={save} disabled={!changed || saving}>
          {saving ? m.inventory_saving_photos() : m.inventory_save_photos()}
        </Button>
        {changed && !saving ? (
          <Button variant="ghost" onClick={() => setItems(initial)}>
            {m.inventory_undo_changes()}
          </Button>
        ) : null}
      </div>
      {problem ? (
        <p id={errorId} role="alert" className="text-sm font-medium text-red-700">
          {problem}
        </p>
      ) : null}
    </section>
  )
}
