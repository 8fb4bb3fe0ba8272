import { useRouterState } from '@tanstack/react-router'
import { useEffect, useState, type ComponentType } from 'react'
import { useUi } from '~/ui/ui-store'

type View = ComponentType<{ busy: boolean }>

/**
 * The page-loading bar (progress-bar-view.tsx). Its timing, styles and label load the first time a
 * route or the app is busy (issue #21): a page arrives rendered, and the bar shows only after its
 * throttle (200 ms), time enough for the chunk. Imported in an effect and mounted once there, not
 * through lazy() and Suspense: a Suspense fallback committed right after hydration (app start is
 * "busy") made React hold back the rest of the page's hydration for its 300 ms reveal throttle.
 */
export function ProgressBar() {
  const routing = useRouterState({ select: (state) => state.status === 'pending' || state.isLoading })
  const working = useUi((state) => state.loading)
  const busy = routing || working
  const [View, setView] = useState<View | null>(null)
  useEffect(() => {
    if (!busy || View) return
    import('./progress-bar-view').then(
      (module) => setView(() => module.ProgressBarView),
      () => undefined, // no bar this time; the next busy spell tries again
    )
  }, [busy, View])
  return View ? <View busy={busy} /> : null
}
