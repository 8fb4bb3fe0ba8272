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
import { Button } from '~/ui/button'
import { CloseIcon } from '~/ui/icons'
import { useFieldError } from '~/ui/form/fields'
import { useFieldContext } from '~/ui/form/form-context'
import {
  MAX_PHOTO_BYTES,
  MAX_PHOTOS,
  PHOTO_COUNT_MESSAGE,
  PHOTO_SIZE_MESSAGE,
  PHOTO_TYPE_MESSAGE,
  PHOTO_TYPES,
} from '../stores.schemas'

/** A stable id per chosen file (the list is reordered, so indexes are not ids). */
const ids = new WeakMap<File, string>()
let nextId = 0
const idOf = (file: File) => {
  let id = ids.get(file)
  if (!id) ids.set(file, (id = `photo-${++nextId}`))
  return id
}

/** What is wrong with adding these files to those already chosen, checked before any upload. */
export function photosProblem(current: readonly File[], added: readonly File[]): string | null {
  if (current.length + added.length > MAX_PHOTOS) return PHOTO_COUNT_MESSAGE
  if (added.some((f) => !(PHOTO_TYPES as readonly string[]).includes(f.type))) return PHOTO_TYPE_MESSAGE
  if (added.some((f) => f.size > MAX_PHOTO_BYTES)) return PHOTO_SIZE_MESSAGE
  return null
}

function SortablePhoto({
  file,
  url,
  index,
  count,
  onMove,
  onRemove,
}: {
  file: File
  url: string
  index: number
  count: number
  onMove: (to: number) => void
  onRemove: () => void
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: idOf(file) })
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
          aria-label={`Photo ${index + 1} of ${count}, ${file.name}: press space, then the arrow keys, to move it`}
          className="relative block aspect-square w-full cursor-grab touch-none overflow-hidden rounded-lg bg-stone-100 active:cursor-grabbing"
        >
          <img src={url} alt="" className="size-full object-cover" draggable={false} />
          {index === 0 ? (
            <span className="absolute start-1 top-1 rounded bg-ink/80 px-1.5 py-0.5 text-xs font-medium text-white">
              Main photo
            </span>
          ) : null}
        </button>
        <button
          type="button"
          onClick={onRemove}
          aria-label={`Remove photo ${index + 1}`}
          className="absolute end-1 top-1 flex size-8 items-center justify-center rounded-full bg-white/90 text-red-700 shadow hover:bg-white"
        >
          <CloseIcon className="size-4" aria-hidden="true" />
        </button>
      </div>
      {index > 0 ? (
        <Button variant="ghost" size="sm" className="h-8 text-xs" onClick={() => onMove(0)}>
          Make main<span className="sr-only"> (photo {index + 1})</span>
        </Button>
      ) : (
        <p className="flex h-8 items-center justify-center text-xs text-stone-600">Shown in lists</p>
      )}
    </li>
  )
}

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
  const inputId = useId()
  const hintId = `${inputId}-hint`
  const errorId = `${inputId}-error`
  const urls = useMemo(() => new Map(files.map((f) => [f, URL.createObjectURL(f)])), [files])
  useEffect(() => () => urls.forEach((url) => URL.revokeObjectURL(url)), [urls])
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  )
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return
    const from = files.findIndex((f) => idOf(f) === active.id)
    const to = files.findIndex((f) => idOf(f) === over.id)
    field.handleChange(arrayMove(files, from, to))
  }
  return (
    <fieldset
      className="flex min-w-0 flex-col gap-2"
      aria-describedby={error ? `${hintId} ${errorId}` : hintId}
    >
      <legend className="text-sm font-semibold text-ink">Photos</legend>
      <p id={hintId} className="text-xs text-stone-600">
        Up to {MAX_PHOTOS} JPEG, PNG or WebP photos of at most {MAX_PHOTO_BYTES / 1024 / 1024} MB each. Drag
        to reorder; the first is the main photo shown in lists.
      </p>
      {files.length ? (
        <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
          <SortableContext items={files.map(idOf)} strategy={rectSortingStrategy}>
            <ol aria-label="Chosen photos" className="grid grid-cols-2 gap-2 sm:grid-cols-4">
              {files.map((file, index) => (
                <SortablePhoto
                  key={idOf(file)}
                  file={file}
                  url={urls.get(file) ?? ''}
                  index={index}
                  count={files.length}
                  onMove={(to) => field.handleChange(arrayMove(files, index, to))}
                  onRemove={() => {
                    setProblem(null)
                    field.handleChange(files.filter((f) => f !== file))
                  }}
                />
              ))}
            </ol>
          </SortableContext>
        </DndContext>
      ) : null}
      <div>
        <label
          htmlFor={inputId}
          className="inline-flex h-10 cursor-pointer items-center rounded-lg border border-stone-300 bg-white px-4 text-sm font-medium text-ink hover:bg-stone-50 has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600"
        >
          {files.length ? 'Add more photos' : 'Choose photos'}
          <input
            id={inputId}
            type="file"
            name={field.name}
            multiple
            accept={PHOTO_TYPES.join(',')}
            disabled={files.length >= MAX_PHOTOS}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${hintId} ${errorId}` : hintId}
            onBlur={field.handleBlur}
            onChange={(event) => {
              const added = [...(event.target.files ?? [])]
              event.target.value = ''
              const found = photosProblem(files, added)
              setProblem(found)
              if (!found) field.handleChange([...files, ...added])
            }}
            className="sr-only"
          />
        </label>
      </div>
      {error ? (
        <p id={errorId} role="alert" className="text-xs font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  )
}
