import { useSyncExternalStore } from 'react'
import { readJson, writeJson } from './storage'
import type { StorageKey } from './storage-keys'

/**
 * A list kept in local storage and shared by every component that reads it (browsing history,
 * compare). The server renders it empty; the browser fills it after hydration.
 */
export function createStoredList<T>(key: StorageKey, parse: (stored: unknown) => T[]) {
  const EMPTY: T[] = []
  let items: T[] = EMPTY
  const listeners = new Set<() => void>()
  const emit = () => listeners.forEach((listener) => listener())

  return {
    get: () => items,
    /** Re-reads storage (another tab may have changed it); notifies only on a real change. */
    restore(): void {
      const stored = readJson(key, parse) ?? EMPTY
      if (JSON.stringify(stored) === JSON.stringify(items)) return
      items = stored
      emit()
    },
    set(next: T[]): void {
      items = next
      writeJson(key, items)
      emit()
    },
    useItems(): T[] {
      return useSyncExternalStore(
        (listener) => {
          listeners.add(listener)
          return () => listeners.delete(listener)
        },
        () => items,
        () => EMPTY,
      )
    },
  }
}
