import { useQueryClient } from '@tanstack/react-query'
import { useSelector } from '@xstate/react'
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react'
import { sessionQueries } from '~/features/session/session.queries'
import { useUiStore } from '~/features/shell/ui-store'
import { storageKeys } from '~/lib/storage-keys'
import {
  browserBasket,
  inertBasket,
  isSettled,
  requestAdd,
  type BasketActor,
  type BasketSnapshot,
} from './basket-actor'
import type { AddRequest, BasketNotice, Cart } from './basket.types'
import { basketCount } from './local-basket'
import { removeWithUndo } from './remove-with-undo'

/**
 * The basket for React: one provider (in the root document) and typed hooks. The provider also
 * keeps the header's count current and tells the basket when someone signs in or out.
 */

const BasketContext = createContext<BasketActor | null>(null)

export function BasketProvider({ children }: { children: ReactNode }) {
  const [actor] = useState(() => (typeof window === 'undefined' ? inertBasket() : browserBasket()))
  const ui = useUiStore()
  const queryClient = useQueryClient()

  useEffect(() => {
    const count = actor.subscribe((snapshot) => ui.set({ basketCount: basketCount(snapshot.context.carts) }))
    return () => count.unsubscribe()
  }, [actor, ui])

  useEffect(() => {
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
    // Another tab changed the guest basket: read it again so both tabs show the same.
    const onStorage = (event: StorageEvent) =>
      event.key === storageKeys.cart && actor.send({ type: 'RELOAD' })
    window.addEventListener('storage', onStorage)
    return () => window.removeEventListener('storage', onStorage)
  }, [actor])

  return <BasketContext.Provider value={actor}>{children}</BasketContext.Provider>
}

function useBasketActor(): BasketActor {
  const actor = useContext(BasketContext)
  if (!actor) throw new Error('The basket hooks need <BasketProvider> (the root document renders it)')
  return actor
}

export type BasketStatus = 'starting' | 'guest' | 'merging' | 'loading' | 'ready' | 'busy'

function statusOf(snapshot: BasketSnapshot): BasketStatus {
  if (snapshot.matches('guest')) return 'guest'
  if (snapshot.matches('merging')) return 'merging'
  if (snapshot.matches({ server: 'loading' }) && !snapshot.context.lastServerCarts) return 'loading'
  if (snapshot.matches('server')) return isSettled(snapshot) ? 'ready' : 'busy'
  return 'starting'
}

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
  const actor = useBasketActor()
  const carts = useSelector(actor, (s) => s.context.carts)
  const status = useSelector(actor, statusOf)
  const signedIn = useSelector(actor, (s) => s.matches('server') || s.matches('merging'))
  const notices = useSelector(actor, (s) => s.context.notices)
  const loadFailed = useSelector(actor, (s) => s.context.loadFailed)
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

export function useBasketActions(): BasketActions {
  const actor = useBasketActor()
  const [actions] = useState<BasketActions>(() => ({
    add: (request) => requestAdd(actor, request),
    remove: (itemId) => removeWithUndo(actor, itemId),
    setQuantity: (itemId, quantity) => actor.send({ type: 'UPDATE_QUANTITY', itemId, quantity }),
    clear: () => actor.send({ type: 'CLEAR' }),
    reload: () => actor.send({ type: 'RELOAD' }),
    dismissNotice: (id) => actor.send({ type: 'DISMISS_NOTICE', id }),
  }))
  return actions
}
