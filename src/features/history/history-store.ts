import * as v from 'valibot'
import { constants } from '#app-config'
import { storageKeys } from '~/lib/storage-keys'
import { createStoredList } from '~/lib/stored-list'
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

const store = createStoredList(storageKeys.historyItems, parseStoredHistory)

/** Spec: restored from local storage on each navigation (another tab may have added to it). */
export const restoreHistory = store.restore

/** Records a product page visit (the product page, issue #5, calls this). */
export function recordVisit(product: HistoryProduct): void {
  store.set(withVisit(store.get(), product, Date.now()))
}

export function removeFromHistory(id: number): void {
  store.set(store.get().filter((item) => item.id !== id))
}

export function clearHistory(): void {
  store.set([])
}

export const useBrowsingHistory = store.useItems
