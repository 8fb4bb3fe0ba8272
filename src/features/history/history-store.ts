import { useSyncExternalStore } from 'react'
import * as v from 'valibot'
import { constants } from '#app-config'
import { readJson, writeJson } from '~/lib/storage'
import { storageKeys } from '~/lib/storage-keys'
import { historyItemSchema, type HistoryItem, type HistoryProduct } from './history.schemas'

/** Newest first; a product seen again moves to the top; at most 10, the oldest dropped (spec §9). */
export function withVisit(items: HistoryItem[], product: HistoryProduct, now: number): HistoryItem[] {
  const rest = items.filter((item) => item.id !== product.id)
  return [{ ...product, addDate: now }, ...rest].slice(0, constants.history.maxItems)
}

/** What local storage holds, keeping only well-formed entries (old versions, hand edits). */
export function parseStoredHistory(value: unknown): HistoryItem[] {
  if (!Array.isArray(value)) return []
  return value
    .flatMap((entry) => {
      const parsed = v.safeParse(historyItemSchema, entry)
      return parsed.success ? [parsed.output] : []
    })
    .sort((a, b) => b.addDate - a.addDate)
    .slice(0, constants.history.maxItems)
}

const EMPTY: HistoryItem[] = []
let items: HistoryItem[] = EMPTY
const listeners = new Set<() => void>()
const emit = () => listeners.forEach((listener) => listener())

/** Spec: restored from local storage on each navigation (another tab may have added to it). */
export function restoreHistory(): void {
  const stored = readJson(storageKeys.historyItems, parseStoredHistory) ?? EMPTY
  if (JSON.stringify(stored) === JSON.stringify(items)) return
  items = stored
  emit()
}

/** Records a product page visit (the product page, issue #5, calls this). */
export function recordVisit(product: HistoryProduct): void {
  items = withVisit(items, product, Date.now())
  writeJson(storageKeys.historyItems, items)
  emit()
}

export function removeFromHistory(id: number): void {
  items = items.filter((item) => item.id !== id)
  writeJson(storageKeys.historyItems, items)
  emit()
}

export function clearHistory(): void {
  items = EMPTY
  writeJson(storageKeys.historyItems, items)
  emit()
}

export function useBrowsingHistory(): HistoryItem[] {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    () => items,
    // The server knows nothing of the browser's history: render empty, fill after hydration.
    () => EMPTY,
  )
}
