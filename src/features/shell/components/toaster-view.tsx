import { Toaster } from 'sonner'
import { constants } from '#app-config'
import { m } from '~/lib/messages'

/** Below the header's first row (64 px), so a toast never covers the basket and account buttons. */
const belowHeader = { top: 76 }

/**
 * The toaster as app-toaster.tsx mounts it (spec §4 and §9: five types in their colours, 5 s, at
 * most 20, top-right, below the header's first row); its settings load with the toast library.
 */
export function ToasterView() {
  return (
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
  )
}
