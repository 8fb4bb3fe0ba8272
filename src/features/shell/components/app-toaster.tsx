import { lazy, Suspense, useEffect, useState } from 'react'

// The toaster, its settings and the toast library (which notify() shares) load together.
const ToasterView = lazy(() => import('./toaster-view').then((module) => ({ default: module.ToasterView })))

/**
 * Spec §4 and §9: five types in their colours, 5 s, at most 20, top-right, below the header's first
 * row. Mounted in the browser once the page is idle after hydration, so the toast library stays
 * out of the first-load JavaScript (issue #21); toasts sent earlier are shown as soon as it is there.
 */
export function AppToaster() {
  const [mounted, setMounted] = useState(false)
  useEffect(() => {
    const mount = () => setMounted(true)
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(mount, { timeout: 2000 })
      return () => window.cancelIdleCallback(id)
    }
    const timer = setTimeout(mount, 200)
    return () => clearTimeout(timer)
  }, [])
  if (!mounted) return null
  return (
    <Suspense fallback={null}>
      <ToasterView />
    </Suspense>
  )
}
