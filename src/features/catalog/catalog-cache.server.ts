import '@tanstack/react-start/server-only'
import { clearPageCache } from '~/server/http/page-cache.server'

/**
 * A small in-process memo for catalogue aggregates that are costly to count on every request
 * (facet counts, category counts) and may lag the data by a few seconds without harm: the read
 * model itself is only as fresh as its last refresh. Entries expire after `ttlMs`, and every
 * listing refresh in this process clears them, so a change is visible here at once and on other
 * instances within the TTL.
 */

const MAX_ENTRIES = 500
const STATE_KEY = Symbol.for('omdeh.catalog-cache')
type Entry = { at: number; value: Promise<unknown> }
type State = { entries: Map<string, Entry>; disabled: boolean }
const state: State = ((globalThis as Record<symbol, State | undefined>)[STATE_KEY] ??= {
  entries: new Map(),
  disabled: process.env.CATALOG_CACHE === 'off',
})

export function memo<T>(key: string, ttlMs: number, compute: () => Promise<T>): Promise<T> {
  if (state.disabled) return compute()
  const hit = state.entries.get(key)
  if (hit && Date.now() - hit.at < ttlMs) {
    // Refresh its place: the map's order is the eviction order (least recently used first).
    state.entries.delete(key)
    state.entries.set(key, hit)
    return hit.value as Promise<T>
  }
  const value = compute()
  state.entries.set(key, { at: Date.now(), value })
  // A failure is not remembered.
  value.catch(() => state.entries.get(key)?.value === value && state.entries.delete(key))
  while (state.entries.size > MAX_ENTRIES) {
    const oldest = state.entries.keys().next().value
    if (oldest === undefined) break
    state.entries.delete(oldest)
  }
  return value
}

/** Called after every change to the read model; guests' rendered pages go with it. */
export function clearCatalogCache(): void {
  state.entries.clear()
  clearPageCache()
}

/** Benchmarks and tests measure the uncached path. */
export function setCatalogCacheEnabled(enabled: boolean): void {
  state.disabled = !enabled
  state.entries.clear()
}
