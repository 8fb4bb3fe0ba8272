import { useQueryClient } from '@tanstack/react-query'
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react'
import { sessionQueries } from '~/features/auth'
import { useUiStore } from '~/ui/ui-store'
import { notify } from '~/lib/notify'
import { storageKeys } from '~/lib/storage-keys'
import type { BasketActor, BasketSnapshot } from './basket-actor'
import { basketActor, loadBasketModule } from './basket-loader'
import { statusOf, type BasketStatus } from './basket-status'
import type { AddRequest, BasketNotice, Cart } from './basket.types'
import { basketCount } from './basket-count'

/**
 * The basket for React: one provider (in the root document) and typed hooks. The provider also
 * keeps the header's count current and tells the basket when someone signs in or out.
 *
 * The machine itself loads after hydration (basket-loader.ts, issue #21): until it is there (and
 * while rendering on the server) the hooks show the machine's first state, 'starting' with no
 * carts, exactly what the started machine shows before app start has run.
 */

/**
 * Where the hooks find the machine once it has loaded. The context's value never changes (this
 * holder does): a context change reaching a part of the page React has not hydrated yet (the
 * footer, whose code loads beside hydration) makes React drop that part's server HTML and render
 * it again, so the footer blinked out when the basket loaded. The hooks listen to the holder.
 */
interface ActorHolder {
  current: BasketActor | null
  listen(onChange: () => void): () => void
}

function createActorHolder(): ActorHolder & { set(actor: BasketActor): void } {
  const listeners = new Set<() => void>()
  return {
    current: null,
    listen(onChange) {
      listeners.add(onChange)
      return () => listeners.delete(onChange)
    },
    set(actor) {
      this.current = actor
      for (const onChange of listeners) onChange()
    },
  }
}

const BasketContext = createContext<ActorHolder | null>(null)

export function BasketProvider({ children }: { children: ReactNode }) {
  const [holder] = useState(createActorHolder)
  const [actor, setActor] = useState<BasketActor | null>(null)
  const ui = useUiStore()
  const queryClient = useQueryClient()

  useEffect(() => {
    let live = true
    basketActor().then(
      (loaded) => {
        if (!live) return
        holder.set(loaded)
        setActor(loaded)
      },
      // App start loads it too and reports a failure; a later use retries the import.
      () => undefined,
    )
    return () => {
      live = false
    }
  }, [holder])

  useEffect(() => {
    if (!actor) return
    const show = (snapshot: ReturnType<typeof actor.getSnapshot>) =>
      ui.set({ basketCount: basketCount(snapshot.context.carts) })
    // A subscription hears only later changes: an add made while this module was still loading
    // (a click right after the page appeared) has to be counted now, or the badge stays at 0.
    show(actor.getSnapshot())
    const count = actor.subscribe(show)
    return () => count.unsubscribe()
  }, [actor, ui])

  useEffect(() => {
    if (!actor) return
    // Sign-in and sign-out anywhere (forms, a refresh that failed) end in this query.
    const { queryKey } = sessionQueries.me()
    const key = JSON.stringify(queryKey)
    const idOf = (data: unknown) => (data as { id: number } | null | undefined)?.id ?? null
    let lastUserId =
      queryClient.getQueryData(queryKey) === undefined ? undefined : idOf(queryClient.getQueryData(queryKey))
    return queryClient.getQueryCache().subscribe((event) => {
      if (JSON.stringify(event.query.queryKey) !== key || event.query.state.status !== 'success') return
      const userId = idOf(event.query.state.data)
      if (userId === lastUserId) return
      lastUserId = userId
      // Before app start has told the basket who is there (START), the machine ignores these.
      actor.send(userId === null ? { type: 'SIGNED_OUT' } : { type: 'SIGNED_IN', user: { id: userId } })
    })
  }, [actor, queryClient])

  useEffect(() => {
    if (!actor) return
    // Another tab changed the guest basket: read it again so both tabs show the same.
    const onStorage = (event: StorageEvent) =>
      event.key === storageKeys.cart && actor.send({ type: 'RELOAD' })
    window.addEventListener('storage', onStorage)
    return () => window.removeEventListener('storage', onStorage)
  }, [actor])

  return <BasketContext.Provider value={holder}>{children}</BasketContext.Provider>
}

const noCarts: Cart[] = []
const noNotices: BasketNotice[] = []

/**
 * A value selected from the basket's snapshot, re-rendering only when it changes (each selector
 * returns a primitive or a reference the machine keeps while unchanged); `before` until the
 * machine has loaded.
 */
function useBasketSelector<T>(select: (snapshot: BasketSnapshot) => T, before: T): T {
  const holder = useContext(BasketContext)
  const subscribe = useCallback(
    (onChange: () => void) => {
      let subscription: { unsubscribe(): void } | undefined
      const follow = () => {
        subscription?.unsubscribe()
        subscription = holder?.current?.subscribe(onChange)
      }
      follow()
      const stop = holder?.listen(() => {
        follow()
        onChange()
      })
      return () => {
        stop?.()
        subscription?.unsubscribe()
      }
    },
    [holder],
  )
  const read = () => (holder?.current ? select(holder.current.getSnapshot()) : before)
  return useSyncExternalStore(subscribe, read, () => before)
}

export type { BasketStatus }

export interface BasketView {
  carts: Cart[]
  /** Distinct items across carts (the header's count). */
  count: number
  status: BasketStatus
  signedIn: boolean
  notices: BasketNotice[]
  /** The last server load failed (the basket shown may be out of date). */
  loadFailed: boolean
}

/** The basket as the screens show it; re-renders only when one of these changes. */
export function useBasket(): BasketView {
  const carts = useBasketSelector((s) => s.context.carts, noCarts)
  const status = useBasketSelector(statusOf, 'starting')
  const signedIn = useBasketSelector((s) => s.matches('server') || s.matches('merging'), false)
  const notices = useBasketSelector((s) => s.context.notices, noNotices)
  const loadFailed = useBasketSelector((s) => s.context.loadFailed, false)
  return { carts, count: basketCount(carts), status, signedIn, notices, loadFailed }
}

export interface BasketActions {
  /** Resolves true when added, false when not (spec §4: the add returns false). */
  add(request: AddRequest): Promise<boolean>
  /** Removes at once; the toast offers Undo. */
  remove(itemId: string): void
  setQuantity(itemId: string, quantity: number): void
  clear(): void
  reload(): void
  dismissNotice(id: string): void
}

/** Sends to the basket, loading it first when a click comes before it has loaded. */
const send = (event: Parameters<BasketActor['send']>[0]) =>
  void basketActor().then(
    (actor) => actor.send(event),
    () => notify('error', 'The basket could not be loaded. Check your connection and try again.'),
  )

const basketActions: BasketActions = {
  add: (request) =>
    loadBasketModule().then(
      ({ browserBasket, requestAdd }) => requestAdd(browserBasket(), request),
      () => false,
    ),
  // The undo toast needs the machine's requestAdd: loaded with the machine, not before.
  remove: (itemId) =>
    void Promise.all([basketActor(), import('./remove-with-undo')]).then(
      ([actor, { removeWithUndo }]) => removeWithUndo(actor, itemId),
      () => notify('error', 'The basket could not be loaded. Check your connection and try again.'),
    ),
  setQuantity: (itemId, quantity) => send({ type: 'UPDATE_QUANTITY', itemId, quantity }),
  clear: () => send({ type: 'CLEAR' }),
  reload: () => send({ type: 'RELOAD' }),
  dismissNotice: (id) => send({ type: 'DISMISS_NOTICE', id }),
}

export function useBasketActions(): BasketActions {
  return basketActions
}
