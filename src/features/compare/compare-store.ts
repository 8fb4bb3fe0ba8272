import { useSyncExternalStore } from 'react'
import * as v from 'valibot'
import { readJson, writeJson } from '~/lib/storage'
import { storageKeys } from '~/lib/storage-keys'

/** Side-by-side comparison reads well up to four products; beyond that the table is a scroll. */
export const MAX_COMPARE = 4

export const compareItemSchema = v.object({
  id: v.number(),
  slug: v.string(),
  name: v.string(),
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

const EMPTY: CompareItem[] = []
let items: CompareItem[] = EMPTY
const listeners = new Set<() => void>()
const emit = () => listeners.forEach((listener) => listener())

export function restoreCompare(): void {
  const stored = readJson(storageKeys.compareItems, parseStored) ?? EMPTY
  if (JSON.stringify(stored) === JSON.stringify(items)) return
  items = stored
  emit()
}

/** For the product pages (issue #5). Returns false when the list is already full. */
export function addToCompare(item: CompareItem): boolean {
  const next = withCompareItem(items, item)
  if (!next) return false
  items = next
  writeJson(storageKeys.compareItems, items)
  emit()
  return true
}

export function removeFromCompare(id: number): void {
  items = items.filter((item) => item.id !== id)
  writeJson(storageKeys.compareItems, items)
  emit()
}

export function useCompareItems(): CompareItem[] {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    () => items,
    () => EMPTY,
  )
}
