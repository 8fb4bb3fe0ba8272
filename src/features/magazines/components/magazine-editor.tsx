import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core'
import {
  SortableContext,
  arrayMove,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable'
import { CSS } from '@dnd-kit/utilities'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { magazineLayouts, type MagazineLayout } from '~/lib/domain-enums'
import { m } from '~/lib/messages'
import { formatNumber } from '~/lib/money'
import { notify } from '~/lib/notify'
import { Button } from '~/ui/button'
import { Input } from '~/ui/input'
import {
  addMagazinePageFn,
  arrangeMagazineFn,
  deleteMagazineItemFn,
  deleteMagazinePageFn,
  updateMagazineItemFn,
  updateMagazinePageFn,
} from '../magazines.functions'
import { magazineQueries } from '../magazines.queries'
import {
  LAYOUT_CAPACITY,
  layoutLabel,
  MAX_NOTE,
  MAX_PAGES,
  type EditorItem,
  type EditorPage,
  type MagazineDetail,
} from '../magazines.schemas'
import { MagazinePicker } from './magazine-picker'
import { ConfirmDialog } from '~/ui/confirm-dialog'

const pageKey = (id: number) => `page-${id}`
const itemKey = (id: number) => `item-${id}`
const pageName = (title: string, index: number) => title || m.magazines_page_fallback({ number: formatNumber(index + 1) })
const selectClass = 'h-9 rounded-lg border border-stone-300 bg-white px-2 text-sm'

/**
 * /seller/magazines/{id}/products: the pages and their items. Every change saves at once. Pages
 * and items reorder by drag (pointer, or keyboard: focus a handle, Space, arrows, Space) and by the
 * move buttons; an item moves to another page by drag or by its "Move to" choice.
 */
export function MagazineEditor({ magazine, canEdit }: { magazine: MagazineDetail; canEdit: boolean }) {
  const queryClient = useQueryClient()
  // The order just chosen, shown until the saved magazine comes back (then the server's order rules).
  const [pending, setPending] = useState<EditorPage[] | null>(null)
  const pages = pending ?? magazine.pagesList
  const refresh = () => queryClient.invalidateQueries({ queryKey: magazineQueries.all })
  const [announcement, setAnnouncement] = useState('')

  const arrange = useMutation({
    mutationFn: (next: EditorPage[]) =>
      arrangeMagazineFn({
        data: {
          magazineId: magazine.id,
          pages: next.map((p) => ({ page: p.id, items: p.items.map((i) => i.id) })),
        },
      }),
    onSettled: async () => {
      await refresh()
      setPending(null)
    },
  })
  const commit = (next: EditorPage[], message: string) => {
    for (const page of next)
      if (page.items.length > LAYOUT_CAPACITY[page.layout]) {
        notify('error', m.magazines_page_full())
        return
      }
    setPending(next)
    setAnnouncement(message)
    arrange.mutate(next)
  }

  const movePage = (index: number, to: number) => {
    if (to < 0 || to >= pages.length) return
    commit(
      arrayMove(pages, index, to),
      m.magazines_announce_page_moved({
        name: pageName(pages[index]!.title, index),
        number: formatNumber(to + 1),
      }),
    )
  }
  const moveItem = (item: EditorItem, toPageId: number, toIndex: number) => {
    const next = pages.map((p) => ({ ...p, items: p.items.filter((i) => i.id !== item.id) }))
    const target = next.find((p) => p.id === toPageId)!
    target.items.splice(Math.max(0, Math.min(toIndex, target.items.length)), 0, item)
    const pageNumber = next.indexOf(target) + 1
    commit(
      next,
      m.magazines_announce_item_moved({
        name: item.name,
        page: formatNumber(pageNumber),
        position: formatNumber(target.items.indexOf(item) + 1),
      }),
    )
  }

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  )
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return
    const activeId = String(active.id)
    const overId = String(over.id)
    if (activeId.startsWith('page-')) {
      const from = pages.findIndex((p) => pageKey(p.id) === activeId)
      const overPage = overId.startsWith('page-')
        ? pages.findIndex((p) => pageKey(p.id) === overId)
        : pages.findIndex((p) => p.items.some((i) => itemKey(i.id) === overId))
      if (from >= 0 && overPage >= 0) movePage(from, overPage)
      return
    }
    const source = pages.find((p) => p.items.some((i) => itemKey(i.id) === activeId))
    const item = source?.items.find((i) => itemKey(i.id) === activeId)
    if (!source || !item) return
    const target = overId.startsWith('page-')
      ? pages.find((p) => pageKey(p.id) === overId)
      : pages.find((p) => p.items.some((i) => itemKey(i.id) === overId))
    if (!target) return
    const index = overId.startsWith('page-')
      ? target.items.length
      : target.items.findIndex((i) => itemKey(i.id) === overId)
    moveItem(item, target.id, index)
  }

  const usedSkus = new Set(pages.flatMap((p) => p.items.map((i) => i.skuId)))
  return (
    <div className="flex flex-col gap-4">
      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>
      {pages.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-stone-300 p-6 text-sm text-stone-600">
          {m.magazines_no_pages()}
        </p>
      ) : null}
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
        <SortableContext items={pages.map((p) => pageKey(p.id))} strategy={verticalListSortingStrategy}>
          <ol className="flex flex-col gap-4" aria-label={m.magazines_pages_label()}>
            {pages.map((page, index) => (
              <PageCard
                key={page.id}
                page={page}
                index={index}
                pages={pages}
                canEdit={canEdit}
                magazineId={magazine.id}
                usedSkus={usedSkus}
                onMovePage={movePage}
                onMoveItem={moveItem}
                onChanged={refresh}
              />
            ))}
          </ol>
        </SortableContext>
      </DndContext>
      {canEdit ? <AddPageForm magazineId={magazine.id} count={pages.length} onAdded={refresh} /> : null}
    </div>
  )
}

function AddPageForm({
  magazineId,
  count,
  onAdded,
}: {
  magazineId: number
  count: number
  onAdded: () => unknown
}) {
  const [title, setTitle] = useState('')
  const [layout, setLayout] = useState<MagazineLayout>('4')
  const id = useId()
  const add = useMutation({
    mutationFn: () => addMagazinePageFn({ data: { magazineId, title: title.trim(), layout } }),
    onSuccess: async () => {
      setTitle('')
      notify('success', m.magazines_toast_page_added())
      await onAdded()
    },
  })
  return (
    <form
      className="flex flex-col gap-3 rounded-2xl border border-stone-200 bg-stone-50 p-4 sm:flex-row sm:items-end"
      onSubmit={(e) => {
        e.preventDefault()
        add.mutate()
      }}
    >
      <label htmlFor={`${id}-title`} className="flex flex-1 flex-col gap-1 text-sm font-medium text-ink">
        {m.magazines_new_page_title()}
        <Input
          id={`${id}-title`}
          value={title}
          maxLength={120}
          onChange={(e) => setTitle(e.target.value)}
          placeholder={m.magazines_new_page_placeholder()}
        />
      </label>
      <label htmlFor={`${id}-layout`} className="flex flex-col gap-1 text-sm font-medium text-ink">
        {m.magazines_layout()}
        <select
          id={`${id}-layout`}
          className={`${selectClass} h-10`}
          value={layout}
          onChange={(e) => setLayout(e.target.value as MagazineLayout)}
        >
          {magazineLayouts.map((l) => (
            <option key={l} value={l}>
              {layoutLabel(l)}
            </option>
          ))}
        </select>
      </label>
      <Button type="submit" disabled={add.isPending || count >= MAX_PAGES}>
        {count >= MAX_PAGES ? m.magazines_at_most_pages({ count: formatNumber(MAX_PAGES) }) : m.magazines_add_page()}
      </Button>
    </form>
  )
}

const HANDLE =
  'flex size-9 shrink-0 cursor-grab touch-none items-center justify-center rounded-lg border border-stone-300 bg-white text-stone-600 hover:bg-stone-50 focus-visible:ring-2 focus-visible:ring-brand-600'

function Grip() {
  return (
    <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" fill="currentColor">
      {[3, 8, 13].flatMap((y) => [5, 11].map((x) => <circle key={`${x}-${y}`} cx={x} cy={y} r="1.4" />))}
    </svg>
  )
}

interface PageCardProps {
  page: EditorPage
  index: number
  pages: EditorPage[]
  canEdit: boolean
  magazineId: number
  usedSkus: ReadonlySet<number>
  onMovePage: (from: number, to: number) => void
  onMoveItem: (item: EditorItem, toPageId: number, toIndex: number) => void
  onChanged: () => unknown
}

function PageCard({
  page,
  index,
  pages,
  canEdit,
  magazineId,
  usedSkus,
  onMovePage,
  onMoveItem,
  onChanged,
}: PageCardProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({
      id: pageKey(page.id),
      disabled: !canEdit,
    })
  const id = useId()
  const name = pageName(page.title, index)
  const capacity = LAYOUT_CAPACITY[page.layout]
  const update = useMutation({
    mutationFn: (input: { title: string; layout: MagazineLayout }) =>
      updateMagazinePageFn({ data: { magazinePageId: page.id, ...input } }),
    onSuccess: () => onChanged(),
    onError: () => onChanged(),
  })
  // Run by the confirmation dialog, which shows a failure itself.
  const removePage = async () => {
    await deleteMagazinePageFn({ data: { magazinePageId: page.id } })
    notify('success', m.magazines_toast_page_deleted())
    await onChanged()
  }
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={`flex flex-col gap-3 rounded-2xl border border-stone-200 bg-white p-4 ${isDragging ? 'relative z-10 shadow-lg' : ''}`}
      data-testid="magazine-page"
      aria-label={name}
    >
      <div className="flex flex-wrap items-end gap-2">
        {canEdit ? (
          <button
            type="button"
            ref={setActivatorNodeRef}
            className={HANDLE}
            aria-label={m.magazines_drag({ name })}
            {...attributes}
            {...listeners}
          >
            <Grip />
          </button>
        ) : null}
        <span className="pb-2 text-sm font-semibold text-stone-600">{formatNumber(index + 1)}.</span>
        <label
          htmlFor={`${id}-title`}
          className="flex min-w-40 flex-1 flex-col gap-1 text-xs font-medium text-stone-600"
        >
          {m.magazines_page_title()}
          <Input
            id={`${id}-title`}
            key={page.title}
            defaultValue={page.title}
            maxLength={120}
            readOnly={!canEdit}
            onBlur={(e) => {
              const title = e.target.value.trim()
              if (title !== page.title) update.mutate({ title, layout: page.layout })
            }}
          />
        </label>
        <label htmlFor={`${id}-layout`} className="flex flex-col gap-1 text-xs font-medium text-stone-600">
          {m.magazines_layout()}
          <select
            id={`${id}-layout`}
            className={selectClass}
            value={page.layout}
            disabled={!canEdit}
            onChange={(e) => update.mutate({ title: page.title, layout: e.target.value as MagazineLayout })}
          >
            {magazineLayouts.map((l) => (
              <option key={l} value={l}>
                {layoutLabel(l)}
              </option>
            ))}
          </select>
        </label>
        {canEdit ? (
          <div className="flex gap-1">
            <Button
              size="sm"
              variant="secondary"
              disabled={index === 0}
              onClick={() => onMovePage(index, index - 1)}
            >
              ↑<span className="sr-only">{m.magazines_move_up({ name })}</span>
            </Button>
            <Button
              size="sm"
              variant="secondary"
              disabled={index === pages.length - 1}
              onClick={() => onMovePage(index, index + 1)}
            >
              ↓<span className="sr-only">{m.magazines_move_down({ name })}</span>
            </Button>
            <ConfirmDialog
              trigger={m.magazines_delete()}
              triggerLabel={m.magazines_delete_label({ title: name })}
              title={m.magazines_delete_page_title({ name })}
              description={m.magazines_delete_page_body({ count: formatNumber(page.items.length) })}
              confirm={m.magazines_delete_page_confirm()}
              busy={m.magazines_deleting()}
              onConfirm={removePage}
            />
          </div>
        ) : null}
      </div>
      <SortableContext items={page.items.map((i) => itemKey(i.id))} strategy={verticalListSortingStrategy}>
        <ul className="flex min-h-12 flex-col gap-2" aria-label={m.magazines_items_of({ name })}>
          {page.items.map((item, itemIndex) => (
            <ItemRow
              key={item.id}
              item={item}
              index={itemIndex}
              page={page}
              pages={pages}
              canEdit={canEdit}
              onMoveItem={onMoveItem}
              onChanged={onChanged}
            />
          ))}
          {page.items.length === 0 ? (
            <li className="text-sm text-stone-500">{m.magazines_page_empty()}</li>
          ) : null}
        </ul>
      </SortableContext>
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-stone-600">
        <span>
          {m.magazines_page_capacity({
            count: capacity,
            countText: formatNumber(page.items.length),
            capacityText: formatNumber(capacity),
          })}{' '}
          ·{' '}
          <span data-testid="magazine-page-views">
            {m.magazines_views({ count: page.views30d, countText: formatNumber(page.views30d) })}
          </span>{' '}
          {m.magazines_thirty_days()}
        </span>
        {canEdit ? (
          <MagazinePicker
            magazineId={magazineId}
            pageId={page.id}
            pageTitle={name}
            room={capacity - page.items.length}
            exclude={usedSkus}
          />
        ) : null}
      </div>
    </li>
  )
}

function ItemRow({
  item,
  index,
  page,
  pages,
  canEdit,
  onMoveItem,
  onChanged,
}: {
  item: EditorItem
  index: number
  page: EditorPage
  pages: EditorPage[]
  canEdit: boolean
  onMoveItem: PageCardProps['onMoveItem']
  onChanged: () => unknown
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({
      id: itemKey(item.id),
      disabled: !canEdit,
    })
  const id = useId()
  const saveNote = useMutation({
    mutationFn: (note: string) => updateMagazineItemFn({ data: { magazineItemId: item.id, note } }),
    onSuccess: () => onChanged(),
  })
  const remove = useMutation({
    mutationFn: () => deleteMagazineItemFn({ data: { magazineItemId: item.id } }),
    onSuccess: () => onChanged(),
  })
  const others = pages.filter((p) => p.id !== page.id && p.items.length < LAYOUT_CAPACITY[p.layout])
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={`flex flex-wrap items-center gap-3 rounded-xl border border-stone-200 bg-stone-50 p-2 ${isDragging ? 'relative z-10 shadow-lg' : ''}`}
      data-testid="magazine-item"
    >
      {canEdit ? (
        <button
          type="button"
          ref={setActivatorNodeRef}
          className={HANDLE}
          aria-label={m.magazines_drag({ name: item.name })}
          {...attributes}
          {...listeners}
        >
          <Grip />
        </button>
      ) : null}
      <div className="size-12 shrink-0 overflow-hidden rounded-lg bg-white">
        {item.image ? <img src={item.image} alt="" className="size-full object-cover" /> : null}
      </div>
      <div className="min-w-0 flex-1 basis-40">
        <p className="truncate text-sm font-medium text-ink" data-testid="magazine-item-name">
          {item.name}
        </p>
        <p className="truncate text-xs text-stone-600">
          <span dir="ltr">{item.sku}</span> · {item.storeName}
          {item.live ? null : (
            <span className="ms-1 font-semibold text-red-700">{m.magazines_paused_warning()}</span>
          )}
        </p>
        <p className="text-xs text-stone-600" data-testid="magazine-item-adds">
          {m.magazines_basket_adds({ count: item.adds30d, countText: formatNumber(item.adds30d) })}{' '}
          {m.magazines_thirty_days()}
        </p>
      </div>
      <label htmlFor={`${id}-note`} className="sr-only">
        {m.magazines_note_for({ name: item.name })}
      </label>
      <Input
        id={`${id}-note`}
        className="h-9 min-w-40 flex-1 basis-48 text-sm"
        placeholder={m.magazines_note_placeholder()}
        key={item.note}
        defaultValue={item.note}
        maxLength={MAX_NOTE}
        readOnly={!canEdit}
        onBlur={(e) => {
          const note = e.target.value.trim()
          if (note !== item.note) saveNote.mutate(note)
        }}
      />
      {canEdit ? (
        <div className="flex flex-wrap items-center gap-1">
          <Button
            size="sm"
            variant="secondary"
            disabled={index === 0}
            onClick={() => onMoveItem(item, page.id, index - 1)}
          >
            ↑<span className="sr-only">{m.magazines_move_up({ name: item.name })}</span>
          </Button>
          <Button
            size="sm"
            variant="secondary"
            disabled={index === page.items.length - 1}
            onClick={() => onMoveItem(item, page.id, index + 1)}
          >
            ↓<span className="sr-only">{m.magazines_move_down({ name: item.name })}</span>
          </Button>
          {others.length ? (
            <select
              className={selectClass}
              aria-label={m.magazines_move_to_page({ name: item.name })}
              value=""
              onChange={(e) => {
                const target = pages.find((p) => p.id === Number(e.target.value))
                if (target) onMoveItem(item, target.id, target.items.length)
              }}
            >
              <option value="">{m.magazines_move_to()}</option>
              {others.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.title
                    ? m.magazines_page_option_titled({ number: formatNumber(pages.indexOf(p) + 1), title: p.title })
                    : pageName('', pages.indexOf(p))}
                </option>
              ))}
            </select>
          ) : null}
          <Button size="sm" variant="ghost" disabled={remove.isPending} onClick={() => remove.mutate()}>
            {m.magazines_remove()}
            <span className="sr-only"> {item.name}</span>
          </Button>
        </div>
      ) : null}
    </li>
  )
}
