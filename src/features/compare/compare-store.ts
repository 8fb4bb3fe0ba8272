import * as v from 'valibot'
import { storageKeys } from '~/lib/storage-keys'
import { createStoredList } from '~/lib/stored-list'

/** Side-by-side comparison reads well up to four products; beyond that the table is a scroll. */
export const MAX_COMPARE = 4

export const compareItemSchema = v.object({
  id: v.number(),
  slug: v.string(),
  name: v.string(),
  /** The Persian name, when the product has one (shown in fa). */
  nameFa: v.optional(v.string()),
  image: v.nullable(v.string()),
})
export type CompareItem = v.InferOutput<typeof compareItemSchema>

/** Adds a product unless present; refuses (returns null) when the list is full. */
export function withCompareItem(items: CompareItem[], item: CompareItem): CompareItem[] | null {
  if (items.some((existing) => existing.id === item.id)) return items
  return items.length >= MAX_COMPARE ? null : [...items, item]
}

function parseStored(value: unknown): CompareItem[] {
  if (!Array.isArray(value)) return []
  return value
    .flatMap((entry) => {
      const parsed = v.safeParse(compareItemSchema, entry)
      return parsed.success ? [parsed.output] : []
    })
    .slice(0, MAX_COMPARE)
}

const store = createStoredList(storageKeys.compareItems, parseStored)

export const restoreCompare = store.restore

/** For the product pages (issue #5). Returns false when the list is already full. */
export function addToCompare(item: CompareItem): boolean {
  const next = withCompareItem(store.get(), item)
  if (!next) return false
  store.set(next)
  return true
}

export function removeFromCompare(id: number): void {
  store.set(store.get().filter((item) => item.id !== id))
}

export const useCompareItems = store.useItems
