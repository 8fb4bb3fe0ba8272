import { lazy, Suspense, useEffect, useState } from 'react'
import { constants } from '#app-config'
import { loadSonner } from '~/lib/notify'
import { m } from '~/lib/messages'

const Toaster = lazy(() => loadSonner().then((module) => ({ default: module.Toaster })))

/** Below the header's first row (64 px), so a toast never covers the basket and account buttons. */
const belowHeader = { top: 76 }

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
      <Toaster
        position={constants.toast.position}
        duration={constants.toast.timeoutMs}
        visibleToasts={constants.toast.maxCount}
        closeButton
        offset={belowHeader}
        mobileOffset={belowHeader}
        containerAriaLabel={m.catalog_toaster_label()}
        toastOptions={{
          classNames: {
            toast: 'border-0! shadow-lg! text-sm! font-medium!',
            error: 'bg-red-700! text-white!',
            success: 'bg-green-700! text-white!',
            warning: 'bg-orange-700! text-white!',
            info: 'bg-blue-700! text-white!',
            default: 'bg-amber-400! text-stone-950!',
            closeButton: 'bg-white! text-stone-900! border-stone-300!',
            // sonner's grey description is unreadable on the coloured toasts: it takes the toast's colour.
            description: 'text-inherit! opacity-95',
          },
        }}
      />
    </Suspense>
  )
}
