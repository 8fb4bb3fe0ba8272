import { useRouterState } from '@tanstack/react-router'
import { lazy, Suspense, useEffect, useState } from 'react'
import { useUi } from '../ui-store'

// The bar's timing, styles and label load the first time something loads (issue #21): a page
// arrives rendered, and the bar shows only after its throttle (200 ms), time enough for the chunk.
const ProgressBarView = lazy(() =>
  import('./progress-bar-view').then((module) => ({ default: module.ProgressBarView })),
)

/** The page-loading bar (progress-bar-view.tsx), mounted the first time a route or the app is busy. */
export function ProgressBar() {
  const routing = useRouterState({ select: (state) => state.status === 'pending' || state.isLoading })
  const working = useUi((state) => state.loading)
  const busy = routing || working
  // Set in an effect: never on the server or while hydrating, where the bar is not shown.
  const [wanted, setWanted] = useState(false)
  useEffect(() => {
    if (busy) setWanted(true)
  }, [busy])
  if (!wanted) return null
  return (
    <Suspense fallback={null}>
      <ProgressBarView busy={busy} />
    </Suspense>
  )
}
