import { useQueryClient } from '@tanstack/react-query'
import { useRouter, type ParsedLocation } from '@tanstack/react-router'
import { useEffect } from 'react'
import { trackDeferred as track } from '~/features/analytics'
import { restoreCompare } from '~/features/compare'
import { restoreHistory } from '~/features/history'
import { isPanel, isRememberedPath, panelOfPath, setCurrentUser } from '~/features/auth'
import { reloadAfterChunkError } from '~/lib/chunk-reload'
import { onSessionEnded } from '~/lib/http/session-events'
import { onNotify } from '~/lib/notify'
import { onSignedIn } from '~/lib/signed-in'
import { readString, writeString } from '~/lib/storage'
import { storageKeys } from '~/lib/storage-keys'
import { latePartsSettled } from '~/ui/hydrate-later'
import { startApp } from '../app-start'
import { mergeGuestBasketAfterSignIn } from '../basket-seam'
import { useUiStore } from '~/ui/ui-store'

/**
 * The shell's browser-side behaviour, mounted once: app start, what each navigation remembers,
 * page-view tracking, and the bridges from non-React code (toasts, session end, chunk errors).
 */
export function AppRuntime() {
  const queryClient = useQueryClient()
  const router = useRouter()
  const store = useUiStore()

  // The page is interactive from here: before it, a click or keystroke lands in server-rendered HTML
  // without handlers. The parts that hydrate later (hydrate-later.ts) are waited for too. Browser
  // journeys wait for this mark (tests/e2e/support/test.ts).
  useEffect(() => {
    void latePartsSettled().then(() => {
      document.documentElement.dataset.hydrated = ''
    })
  }, [])

  useEffect(() => {
    let active = true
    store.set({ loading: true })
    void startApp(queryClient)
      .then(({ basketCount }) => active && store.set({ basketCount }))
      .finally(() => active && store.set({ loading: false }))
    return () => {
      active = false
    }
  }, [queryClient, store])

  useEffect(() => {
    const remembered = readString(storageKeys.activePanel)
    if (isPanel(remembered)) store.set({ rememberedPanel: remembered })

    let lastTracked: string | null = null
    const onNavigated = (location: ParsedLocation, from?: ParsedLocation) => {
      const { pathname } = location
      if (isRememberedPath(pathname)) writeString(storageKeys.lastSeenUrl, location.href)
      const panel = panelOfPath(pathname)
      if (panel) {
        store.set({ rememberedPanel: panel })
        writeString(storageKeys.activePanel, panel)
      }
      // Spec: browsing history is restored from local storage on each navigation.
      restoreHistory()
      restoreCompare()
      if (location.href !== lastTracked) {
        lastTracked = location.href
        track('page_view', {}, pathname)
        if (from && from.pathname !== pathname)
          track('route_change', { from: from.pathname.slice(0, 500) }, pathname)
      }
    }
    onNavigated(router.state.location)
    const offResolved = router.subscribe('onResolved', (event) =>
      onNavigated(event.toLocation, event.fromLocation),
    )
    // A link inside a drawer navigates; the drawer should not linger over the next page.
    const offBefore = router.subscribe('onBeforeNavigate', (event) => {
      if (event.pathChanged || event.hrefChanged) store.closeDrawer()
    })
    const offToast = onNotify((toast) => store.set({ toast: { show: true, ...toast } }))
    // A sign-in (auth's useFinishSignIn waits for this): the guest basket joins the account.
    const offSignedIn = onSignedIn(({ user }) => mergeGuestBasketAfterSignIn({ queryClient, user }))
    const offSession = onSessionEnded(({ redirectToAuth }) => {
      setCurrentUser(queryClient, null)
      if (redirectToAuth) void router.navigate({ to: '/auth' })
    })
    // A chunk that failed to load outside a route's own (a deploy replaced the files while this tab
    // ran the old build; a route's chunk reaches RouteError): the import's rejection lands here.
    const onRejection = (event: PromiseRejectionEvent) => {
      if (reloadAfterChunkError(event.reason)) event.preventDefault()
    }
    window.addEventListener('unhandledrejection', onRejection)
    return () => {
      offResolved()
      offBefore()
      offToast()
      offSession()
      offSignedIn()
      window.removeEventListener('unhandledrejection', onRejection)
    }
  }, [queryClient, router, store])

  return null
}
