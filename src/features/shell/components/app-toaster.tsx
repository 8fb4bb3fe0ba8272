import { Toaster } from 'sonner'
import { constants } from '#app-config'

/**
 * Spec §4 and §9: five types in their colours, 5 s, at most 20, top-right. The offset keeps them
 * below the header's first row (64 px), so a toast never covers the basket and account buttons.
 */
const belowHeader = { top: 76 }

export function AppToaster() {
  return (
    <Toaster
      position={constants.toast.position}
      duration={constants.toast.timeoutMs}
      visibleToasts={constants.toast.maxCount}
      closeButton
      offset={belowHeader}
      mobileOffset={belowHeader}
      containerAriaLabel="Notifications"
      toastOptions={{
        classNames: {
          toast: 'border-0! shadow-lg! text-sm! font-medium!',
          error: 'bg-red-700! text-white!',
          success: 'bg-green-700! text-white!',
          warning: 'bg-orange-700! text-white!',
          info: 'bg-blue-700! text-white!',
          default: 'bg-amber-400! text-stone-950!',
          closeButton: 'bg-white! text-stone-900! border-stone-300!',
        },
      }}
    />
  )
}
