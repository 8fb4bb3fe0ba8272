import { constants } from '#app-config'
import { sessionStorageKeys } from './storage-keys'

const { limit, guardMs, queryParam } = constants.chunkReload

/**
 * After a deploy, a tab still running the old build asks for chunks that no longer exist. A fresh
 * page load fixes that; these errors are how each browser reports it.
 */
const CHUNK_ERROR =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|ChunkLoadError|Loading chunk [\w-]+ failed/i

export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false
  return error.name === 'ChunkLoadError' || CHUNK_ERROR.test(error.message)
}

/**
 * Where to reload to, or null when reloading again would not help: at most `limit` reloads,
 * counted in the URL (so the count survives the reload), and never twice within the guard.
 */
export function chunkReloadTarget(href: string, now: number, lastReloadAt: number | null): string | null {
  if (lastReloadAt !== null && now - lastReloadAt >= 0 && now - lastReloadAt < guardMs) return null
  const url = new URL(href)
  const count = Number.parseInt(url.searchParams.get(queryParam) ?? '0', 10)
  const done = Number.isFinite(count) && count > 0 ? count : 0
  if (done >= limit) return null
  url.searchParams.set(queryParam, String(done + 1))
  return url.toString()
}

function lastReloadAt(): number | null {
  try {
    const stored = window.sessionStorage.getItem(sessionStorageKeys.chunkReloadAt)
    return stored ? Number(stored) : null
  } catch {
    // Without session storage the URL count still bounds the reloads.
    return null
  }
}

/** Whether a chunk error here would reload the page (no side effects: safe during render). */
export function willReloadForChunkError(error: unknown): boolean {
  if (typeof window === 'undefined' || !isChunkLoadError(error)) return false
  return chunkReloadTarget(window.location.href, Date.now(), lastReloadAt()) !== null
}

/** Reloads the page for a chunk error when allowed. Returns whether a reload is under way. */
export function reloadAfterChunkError(error: unknown): boolean {
  if (typeof window === 'undefined' || !isChunkLoadError(error)) return false
  const target = chunkReloadTarget(window.location.href, Date.now(), lastReloadAt())
  if (!target) return false
  try {
    window.sessionStorage.setItem(sessionStorageKeys.chunkReloadAt, String(Date.now()))
  } catch {
    // See above.
  }
  window.location.replace(target)
  return true
}
