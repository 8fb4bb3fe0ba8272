import { readString } from '~/lib/storage'
import { storageKeys } from '~/lib/storage-keys'

/**
 * The page a visitor was on when they opened /auth, read once as they enter it. The remembered
 * last page (local storage) is shared by every tab, so by the time sign-in finishes another tab
 * may have replaced it; this copy is the one "the path they came from" means.
 */
let origin: string | null = null

export function noteSignInOrigin(): void {
  origin = readString(storageKeys.lastSeenUrl)
}

export function signInOrigin(): string | null {
  return origin
}
