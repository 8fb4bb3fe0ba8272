import { Button } from '~/ui/button'
import { Dialog, DialogClose, DialogContent } from '~/ui/dialog'

/** "Clear your basket?": its own chunk, loaded on the first click (the dialog code is not in /cart's first load). */
export function ClearBasketDialog({
  onConfirm,
  onOpenChange,
}: {
  onConfirm: () => void
  onOpenChange: (open: boolean) => void
}) {
  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent title="Clear your basket?" description="Every item from every seller is removed.">
        <div className="flex justify-end gap-2">
          <DialogClose asChild>
            <Button variant="secondary">Keep it</Button>
          </DialogClose>
          <Button
            variant="danger"
            onClick={() => {
              onConfirm()
              onOpenChange(false)
            }}
          >
            Clear basket
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  )
}
