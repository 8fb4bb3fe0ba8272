import type { StorageKey } from './storage-keys'

/**
 * Local storage that never throws: it is absent during SSR, can be disabled by the browser, and
 * can hold anything a user (or an older version of the app) left there.
 */
function store(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage
  } catch {
    return null
  }
}

export function readJson<T>(key: StorageKey, parse: (value: unknown) => T | null): T | null {
  const raw = store()?.getItem(key)
  if (raw == null) return null
  try {
    return parse(JSON.parse(raw))
  } catch {
    return null
  }
}

export function writeJson(key: StorageKey, value: unknown): void {
  try {
    store()?.setItem(key, JSON.stringify(value))
  } catch {
    // Quota exceeded or storage disabled: the feature keeps working for this page view.
  }
}

export function readString(key: StorageKey): string | null {
  return store()?.getItem(key) ?? null
}

export function writeString(key: StorageKey, value: string): void {
  try {
    store()?.setItem(key, value)
  } catch {
    // See writeJson.
  }
}

export function removeItem(key: StorageKey): void {
  try {
    store()?.removeItem(key)
  } catch {
    // See writeJson.
  }
}
