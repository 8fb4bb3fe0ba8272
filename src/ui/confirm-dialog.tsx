import { AlertDialog as A } from 'radix-ui'
import { useState, type ReactNode } from 'react'
import { toApiError } from '~/lib/api-error'
import { notify } from '~/lib/notify'
import { cn } from '~/lib/cn'
import { Button, type ButtonSize, type ButtonVariant } from './button'
import { overlayClasses } from './dialog'

/**
 * A button that asks before an action that cannot be undone (deleting). Radix's AlertDialog: the
 * role is `alertdialog`, focus starts on "Cancel" (the safe choice), Escape and Cancel close it,
 * focus returns to the trigger. The dialog stays open while the action runs and closes when it
 * succeeded; a failure is told in a toast and the dialog stays for another try.
 */
export function ConfirmDialog({
  trigger,
  triggerLabel,
  triggerVariant = 'ghost',
  triggerSize = 'sm',
  title,
  description,
  confirm,
  busy,
  cancel = 'Cancel',
  onConfirm,
}: {
  trigger: ReactNode
  /** Accessible name of the trigger when its text is ambiguous in a list ("Delete Tea"). */
  triggerLabel?: string
  triggerVariant?: ButtonVariant
  triggerSize?: ButtonSize
  title: string
  description: ReactNode
  confirm: string
  busy: string
  cancel?: string
  onConfirm: () => Promise<void>
}) {
  const [open, setOpen] = useState(false)
  const [running, setRunning] = useState(false)
  const run = async () => {
    setRunning(true)
    try {
      await onConfirm()
      setOpen(false)
    } catch (error) {
      notify('error', toApiError(error).message)
    } finally {
      setRunning(false)
    }
  }
  return (
    <A.Root open={open} onOpenChange={(next) => (running ? undefined : setOpen(next))}>
      <A.Trigger asChild>
        <Button size={triggerSize} variant={triggerVariant} aria-label={triggerLabel}>
          {trigger}
        </Button>
      </A.Trigger>
      <A.Portal>
        <A.Overlay className={overlayClasses} />
        <A.Content
          className={cn(
            'fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-auto',
            'rounded-2xl bg-white p-6 shadow-xl',
          )}
        >
          <A.Title className="mb-2 text-lg font-semibold text-ink">{title}</A.Title>
          <A.Description className="mb-5 text-sm text-stone-700">{description}</A.Description>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <A.Cancel asChild>
              <Button variant="secondary" disabled={running}>
                {cancel}
              </Button>
            </A.Cancel>
            <Button variant="danger" disabled={running} onClick={() => void run()}>
              {running ? busy : confirm}
            </Button>
          </div>
        </A.Content>
      </A.Portal>
    </A.Root>
  )
}
