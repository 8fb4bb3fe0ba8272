import { toast, type ExternalToast } from 'sonner'

/** Spec §4 toast types. Colours are set once, on the Toaster. */
export const toastTypes = ['success', 'error', 'warning', 'info', 'default'] as const
export type ToastType = (typeof toastTypes)[number]

export interface ToastEvent {
  type: ToastType
  message: string
}

const listeners = new Set<(event: ToastEvent) => void>()

/**
 * Shows a toast. Callable from anywhere (the HTTP client, event handlers); a no-op during SSR,
 * where there is nobody to show it to. Subscribers (the UI state's `toast` field) see every one.
 */
export function notify(type: ToastType, message: string, options?: ExternalToast): void {
  if (typeof window === 'undefined' || !message) return
  if (type === 'default') toast(message, options)
  else toast[type](message, options)
  for (const listener of listeners) listener({ type, message })
}

export function onNotify(listener: (event: ToastEvent) => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}
