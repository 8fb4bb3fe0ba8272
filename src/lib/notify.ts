import type { ExternalToast } from 'sonner'

/** Spec §4 toast types. Colours are set once, on the Toaster. */
export const toastTypes = ['success', 'error', 'warning', 'info', 'default'] as const
export type ToastType = (typeof toastTypes)[number]

export interface ToastEvent {
  type: ToastType
  message: string
}

const listeners = new Set<(event: ToastEvent) => void>()

// sonner (about 10 KB gzip) is not in a page's first-load JavaScript (issue #21): it is imported
// on the first toast, or when the Toaster mounts after hydration. A toast sent before the Toaster
// is there is kept by sonner and shown when it subscribes.
let sonner: Promise<typeof import('sonner')> | null = null
export function loadSonner(): Promise<typeof import('sonner')> {
  sonner ??= import('sonner').catch((error: unknown) => {
    sonner = null
    throw error
  })
  return sonner
}

/**
 * Shows a toast. Callable from anywhere (the HTTP client, event handlers); a no-op during SSR,
 * where there is nobody to show it to. Subscribers (the UI state's `toast` field) see every one.
 */
export function notify(type: ToastType, message: string, options?: ExternalToast): void {
  if (typeof window === 'undefined' || !message) return
  loadSonner().then(
    ({ toast }) => (type === 'default' ? toast(message, options) : toast[type](message, options)),
    // The toast library could not be fetched (offline): the message still reaches the UI state.
    () => undefined,
  )
  for (const listener of listeners) listener({ type, message })
}

export function onNotify(listener: (event: ToastEvent) => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}
