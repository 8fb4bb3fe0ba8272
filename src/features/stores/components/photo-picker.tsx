import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core'
import {
  arrayMove,
  rectSortingStrategy,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
} from '@dnd-kit/sortable'
import { CSS } from '@dnd-kit/utilities'
import { useEffect, useId, useMemo, useState } from 'react'
import { formatNumber } from '~/lib/money'
import { Button } from '~/ui/button'
import { CloseIcon } from '~/ui/more-icons'
import { useFieldError } from '~/ui/form/fields'
import { useFieldContext } from '~/ui/form/form-context'
import {
  MAX_PHOTO_BYTES,
  MAX_PHOTOS,
  PHOTO_COUNT_MESSAGE,
  PHOTO_SIZE_MESSAGE,
  PHOTO_TYPE_MESSAGE,
  PHOTO_TYPES,
} from '~/lib/photo-limits'
import { m } from '~/lib/messages'

/** A stable id per chosen file (the list is reordered, so indexes are not ids). */
const ids = new WeakMap<File, string>()
let nextId = 0
const idOf = (file: File) => {
  let id = ids.get(file)
  if (!id) ids.set(file, (id = `photo-${++nextId}`))
  return id
}

/** What is wrong with adding these files to the photos there are, checked before any upload. */
export function photosProblem(currentCount: number, added: readonly File[]): string | null {
  if (currentCount + added.length > MAX_PHOTOS) return PHOTO_COUNT_MESSAGE()
  if (added.some((f) => !(PHOTO_TYPES as readonly string[]).includes(f.type))) return PHOTO_TYPE_MESSAGE()
  if (added.some((f) => f.size > MAX_PHOTO_BYTES)) return PHOTO_SIZE_MESSAGE()
  return null
}

function SortablePhoto({
  id,
  name,
  url,
  index,
  count,
  onMove,
  onRemove,
}: {
  id: string
  name: string
  url: string
  index: number
  count: number
  onMove: (to: number) => void
  onRemove: () => void
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id })
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={`flex flex-col gap-1 rounded-xl border bg-white p-1.5 ${
        isDragging ? 'z-10 border-brand-600 shadow-lg' : 'border-stone-200'
      }`}
    >
      <div className="relative">
        <button
          type="button"
          ref={setActivatorNodeRef}
          {...attributes}
          {...listeners}
          aria-label={m.inventory_photo_drag_label({
            n: formatNumber(index + 1),
            count: formatNumber(count),
            name,
          })}
          className="relative block aspect-square w-full cursor-grab touch-none overflow-hidden rounded-lg bg-stone-100 active:cursor-grabbing"
        >
          <img src={url} alt="" className="size-full object-cover" draggable={false} />
          {index === 0 ? (
            <span className="absolute start-1 top-1 rounded bg-ink/80 px-1.5 py-0.5 text-xs font-medium text-white">
              {m.inventory_main_photo()}
            </span>
          ) : null}
        </button>
        <button
          type="button"
          onClick={onRemove}
          aria-label={m.inventory_remove_photo_n({ n: formatNumber(index + 1) })}
          className="absolute end-1 top-1 flex size-8 items-center justify-center rounded-full bg-white/90 text-red-700 shadow hover:bg-white"
        >
          <CloseIcon className="size-4" aria-hidden="true" />
        </button>
      </div>
      {index > 0 ? (
        <Button variant="ghost" size="sm" className="h-8 text-xs" onClick={() => onMove(0)}>
          {m.inventory_make_main()}
          <span className="sr-only">{m.inventory_sr_photo_n({ n: formatNumber(index + 1) })}</span>
        </Button>
      ) : (
        <p className="flex h-8 items-center justify-center text-xs text-stone-600">
          {m.inventory_shown_in_lists()}
        </p>
      )}
    </li>
  )
}

/**
 * Photos shown as thumbnails to drag into order (pointer or keyboard, or "Make main"), each with a
 * remove button; the first is the main photo. Items are whatever the caller keeps (chosen files,
 * stored photos), told apart by `idOf`.
 */
export function SortablePhotoList<T>({
  label,
  items,
  onChange,
  idOf: itemId,
  urlOf,
  nameOf,
}: {
  label: string
  items: readonly T[]
  onChange: (items: T[]) => void
  idOf: (item: T) => string
  urlOf: (item: T) => string
  nameOf: (item: T) => string
}) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  )
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return
    const from = items.findIndex((item) => itemId(item) === active.id)
    const to = items.findIndex((item) => itemId(item) === over.id)
    onChange(arrayMove([...items], from, to))
  }
  if (!items.length) return null
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
      <SortableContext items={items.map(itemId)} strategy={rectSortingStrategy}>
        <ol aria-label={label} className="grid grid-cols-2 gap-2 sm:grid-cols-4">
          {items.map((item, index) => (
            <SortablePhoto
              key={itemId(item)}
              id={itemId(item)}
              name={nameOf(item)}
              url={urlOf(item)}
              index={index}
              count={items.length}
              onMove={(to) => onChange(arrayMove([...items], index, to))}
              onRemove={() => onChange(items.filter((other) => other !== item))}
            />
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  )
}

/** The "Choose photos" button: a visually hidden file input in a label styled as a button. */
export function AddPhotosButton({
  text,
  disabled,
  describedBy,
  invalid,
  name,
  onBlur,
  onFiles,
}: {
  text: string
  disabled: boolean
  describedBy: string
  invalid: boolean
  name?: string
  onBlur?: () => void
  onFiles: (files: File[]) => void
}) {
  const inputId = useId()
  return (
    <div>
      <label
        htmlFor={inputId}
        className="inline-flex h-10 cursor-pointer items-center rounded-lg border border-stone-300 bg-white px-4 text-sm font-medium text-ink hover:bg-stone-50 has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600"
      >
        {text}
        <input
          id={inputId}
          type="file"
          name={name}
          multiple
          accept={PHOTO_TYPES.join(',')}
          disabled={disabled}
          aria-invalid={invalid ? true : undefined}
          aria-describedby={describedBy}
          onBlur={onBlur}
          onChange={(event) => {
            const added = [...(event.target.files ?? [])]
            event.target.value = ''
            onFiles(added)
          }}
          className="sr-only"
        />
      </label>
    </div>
  )
}

export const photosHint = () =>
  m.inventory_photos_hint({
    max: formatNumber(MAX_PHOTOS),
    mb: formatNumber(MAX_PHOTO_BYTES / 1024 / 1024),
  })

/**
 * Up to eight photos, checked in the browser (type, size, count; the server checks the bytes),
 * shown as thumbnails to drag into order (pointer or keyboard) — the first is the main photo.
 * The field's value is the chosen files in display order.
 */
export function PhotoPicker() {
  const field = useFieldContext<File[]>()
  const files = field.state.value
  const [problem, setProblem] = useState<string | null>(null)
  const error = useFieldError(field, problem)
  const hintId = useId()
  const errorId = `${hintId}-error`
  const urls = useMemo(() => new Map(files.map((f) => [f, URL.createObjectURL(f)])), [files])
  useEffect(() => () => urls.forEach((url) => URL.revokeObjectURL(url)), [urls])
  const describedBy = error ? `${hintId} ${errorId}` : hintId
  return (
    <fieldset className="flex min-w-0 flex-col gap-2" aria-describedby={describedBy}>
      <legend className="text-sm font-semibold text-ink">{m.inventory_photos()}</legend>
      <p id={hintId} className="text-xs text-stone-600">
        {photosHint()}
      </p>
      <SortablePhotoList
        label={m.inventory_chosen_photos()}
        items={files}
        onChange={(next) => {
          setProblem(null)
          field.handleChange(next)
        }}
        idOf={idOf}
        urlOf={(file) => urls.get(file) ?? ''}
        nameOf={(file) => file.name}
      />
      <AddPhotosButton
        text={files.length ? m.inventory_add_more_photos() : m.inventory_choose_photos()}
        name={field.name}
        disabled={files.length >= MAX_PHOTOS}
        describedBy={describedBy}
        invalid={Boolean(error)}
        onBlur={field.handleBlur}
        onFiles={(added) => {
          const found = photosProblem(files.length, added)
          setProblem(found)
          if (!found) field.handleChange([...files, ...added])
        }}
      />
      {error ? (
        <p id={errorId} role="alert" className="text-xs font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  )
}
