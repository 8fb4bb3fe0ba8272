import { useBlocker } from '@tanstack/react-router'
import { m } from '~/lib/messages'
import { Button } from '../button'
import { Dialog, DialogContent } from '../dialog'

/**
 * Asks "leave with unsaved changes?" in a styled dialog when the user navigates away from a long
 * editor with changes not yet saved (the browser's own prompt covers closing the tab).
 */
export function UnsavedChangesGuard({ when }: { when: boolean }) {
  const blocker = useBlocker({
    shouldBlockFn: () => when,
    enableBeforeUnload: () => when,
    withResolver: true,
  })
  const open = blocker.status === 'blocked'
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : blocker.reset?.())}>
      <DialogContent title={m.content_unsaved_title()} description={m.content_unsaved_description()}>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => blocker.reset?.()} autoFocus>
            {m.content_unsaved_stay()}
          </Button>
          <Button variant="danger" onClick={() => blocker.proceed?.()}>
            {m.content_unsaved_leave()}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  )
}
