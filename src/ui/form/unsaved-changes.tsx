import { useBlocker } from '@tanstack/react-router'
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
      <DialogContent
        title="Leave without saving?"
        description="Your changes on this page have not been saved."
      >
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => blocker.reset?.()} autoFocus>
            Stay on this page
          </Button>
          <Button variant="danger" onClick={() => blocker.proceed?.()}>
            Leave without saving
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  )
}
