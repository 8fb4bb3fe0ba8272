import { createContext, useContext, useState, useSyncExternalStore, type ReactNode } from 'react'
import type { ToastType } from '~/lib/notify'
import type { Panel } from '~/lib/panels'

export const drawers = ['cart', 'compare', 'mobile', 'profile'] as const
export type Drawer = (typeof drawers)[number]

/**
 * Spec §3 Main UI state. Categories are not copied in here: they live in the query cache
 * (`catalogQueries.categoryTree()`), one source that SSR fills and the header reads.
 */
export interface UiState {
  /** At most one drawer is open at a time. */
  openDrawer: Drawer | null
  /** Work in progress outside navigation (app start, long actions): drives the progress bar. */
  loading: boolean
  /** The panel remembered from the last /buyer or /seller page (spec "Active panel and memory"). */
  rememberedPanel: Panel | null
  toast: { show: boolean; type: ToastType; message: string }
  /** Seam for the basket (issue #6): the number of distinct items. */
  basketCount: number
}

export const initialUiState: UiState = {
  openDrawer: null,
  loading: false,
  rememberedPanel: null,
  toast: { show: false, type: 'default', message: '' },
  basketCount: 0,
}

export interface UiStore {
  get(): UiState
  /** The state the server rendered with: what hydration must render too. */
  initial(): UiState
  subscribe(listener: () => void): () => void
  set(patch: Partial<UiState> | ((state: UiState) => Partial<UiState>)): void
  openDrawer(drawer: Drawer): void
  closeDrawer(): void
  /** The element that had focus when the open drawer was opened, to give focus back on close. */
  drawerOpener(): HTMLElement | null
}

/** One store per app instance: per request on the server, so no user's state leaks to another. */
export function createUiStore(initial: UiState = initialUiState): UiStore {
  let state = initial
  let opener: HTMLElement | null = null
  const listeners = new Set<() => void>()
  const set: UiStore['set'] = (patch) => {
    const next = typeof patch === 'function' ? patch(state) : patch
    if (Object.entries(next).every(([key, value]) => state[key as keyof UiState] === value)) return
    state = { ...state, ...next }
    for (const listener of listeners) listener()
  }
  return {
    get: () => state,
    initial: () => initial,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    set,
    openDrawer(drawer) {
      if (typeof document !== 'undefined' && document.activeElement instanceof HTMLElement)
        opener = document.activeElement
      set({ openDrawer: drawer })
    },
    closeDrawer: () => set({ openDrawer: null }),
    drawerOpener: () => opener,
  }
}

const UiStoreContext = createContext<UiStore | null>(null)

export function UiStoreProvider({ children }: { children: ReactNode }) {
  const [store] = useState(() => createUiStore())
  return <UiStoreContext.Provider value={store}>{children}</UiStoreContext.Provider>
}

export function useUiStore(): UiStore {
  const store = useContext(UiStoreContext)
  if (!store) throw new Error('useUiStore needs <UiStoreProvider> (the root shell renders it)')
  return store
}

/** Subscribes to one slice; the component re-renders only when that slice changes. */
export function useUi<T>(select: (state: UiState) => T): T {
  const store = useUiStore()
  return useSyncExternalStore(
    store.subscribe,
    () => select(store.get()),
    () => select(store.initial()),
  )
}

/**
 * Props for a drawer's Sheet: open state, its setter, and where focus returns on close.
 */
export function useDrawer(drawer: Drawer): {
  open: boolean
  onOpenChange: (open: boolean) => void
  returnFocusTo: () => HTMLElement | null
} {
  const store = useUiStore()
  const open = useUi((state) => state.openDrawer === drawer)
  return {
    open,
    onOpenChange: (next) =>
      next ? store.openDrawer(drawer) : store.get().openDrawer === drawer && store.closeDrawer(),
    returnFocusTo: store.drawerOpener,
  }
}
