import { Dialog as D } from 'radix-ui'
import type { ReactNode } from 'react'
import { cn } from '~/lib/cn'
import { overlayClasses } from './dialog'
import { CloseIcon } from './more-icons'
import { m } from '~/lib/messages'

/**
 * A drawer sliding in from a side: a modal dialog underneath (focus trap, Escape, focus returns
 * to the button that opened it). Controlled, because the app's UI state owns which one is open.
 */
export function Sheet({
  open,
  onOpenChange,
  side = 'right',
  title,
  description,
  footer,
  children,
  className,
  returnFocusTo,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  side?: 'left' | 'right'
  title: ReactNode
  description?: ReactNode
  footer?: ReactNode
  children: ReactNode
  className?: string
  /**
   * Where focus goes back on close: the control that opened the drawer. Radix returns focus only
   * to its own Trigger, and these drawers are opened from elsewhere (header buttons).
   */
  returnFocusTo?: () => HTMLElement | null
}) {
  return (
    <D.Root open={open} onOpenChange={onOpenChange}>
      <D.Portal>
        <D.Overlay className={overlayClasses} />
        <D.Content
          {...(description ? {} : { 'aria-describedby': undefined })}
          onCloseAutoFocus={(event) => {
            const target = returnFocusTo?.()
            if (target?.isConnected) {
              event.preventDefault()
              target.focus()
            }
          }}
          className={cn(
            'fixed inset-y-0 z-50 flex w-[min(24rem,calc(100vw-2.5rem))] flex-col bg-white shadow-2xl',
            // `right` and `left` are the reading direction's end and start: mirrored in Persian.
            side === 'right'
              ? 'end-0 data-[state=open]:animate-[slide-in-right_200ms_ease-out] rtl:data-[state=open]:animate-[slide-in-left_200ms_ease-out]'
              : 'start-0 data-[state=open]:animate-[slide-in-left_200ms_ease-out] rtl:data-[state=open]:animate-[slide-in-right_200ms_ease-out]',
            className,
          )}
        >
          <div className="flex items-center justify-between gap-4 border-b border-stone-200 px-5 py-4">
            <D.Title className="text-base font-semibold text-ink">{title}</D.Title>
            <D.Close
              className="-m-2 rounded-lg p-2 text-stone-600 hover:bg-stone-100"
              aria-label={m.common_close()}
            >
              <CloseIcon />
            </D.Close>
          </div>
          {description ? (
            <D.Description className="px-5 pt-3 text-sm text-stone-600">{description}</D.Description>
          ) : null}
          <div className="flex-1 overflow-y-auto px-5 py-4">{children}</div>
          {footer ? <div className="border-t border-stone-200 px-5 py-4">{footer}</div> : null}
        </D.Content>
      </D.Portal>
    </D.Root>
  )
}
