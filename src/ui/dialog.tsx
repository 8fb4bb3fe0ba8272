import { Dialog as D } from 'radix-ui'
import type { ComponentProps, ReactNode } from 'react'
import { cn } from '~/lib/cn'
import { CloseIcon } from './more-icons'
import { m } from '~/lib/messages'

export const Dialog = D.Root
export const DialogTrigger = D.Trigger
export const DialogClose = D.Close

export const overlayClasses =
  'fixed inset-0 z-40 bg-stone-950/40 backdrop-blur-[1px] data-[state=open]:animate-[fade-in_150ms_ease-out]'

/**
 * A centred modal. Radix traps focus inside, restores it on close, closes on Escape, and labels
 * the dialog with its title (required, for screen readers).
 */
export function DialogContent({
  title,
  description,
  children,
  className,
  ...props
}: ComponentProps<typeof D.Content> & { title: ReactNode; description?: ReactNode }) {
  return (
    <D.Portal>
      <D.Overlay className={overlayClasses} />
      <D.Content
        className={cn(
          'fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-auto',
          'rounded-2xl bg-white p-6 shadow-xl',
          className,
        )}
        {...(description ? {} : { 'aria-describedby': undefined })}
        {...props}
      >
        <div className="mb-4 flex items-start justify-between gap-4">
          <D.Title className="text-lg font-semibold text-ink">{title}</D.Title>
          <D.Close
            className="-m-2 rounded-lg p-2 text-stone-600 hover:bg-stone-100"
            aria-label={m.common_close()}
          >
            <CloseIcon />
          </D.Close>
        </div>
        {description ? (
          <D.Description className="mb-4 text-sm text-stone-600">{description}</D.Description>
        ) : null}
        {children}
      </D.Content>
    </D.Portal>
  )
}
