import { m } from '~/lib/messages'
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
      <DialogContent title={m.buyer_basket_clear_title()} description={m.buyer_basket_clear_description()}>
        <div className="flex justify-end gap-2">
          <DialogClose asChild>
            <Button variant="secondary">{m.buyer_basket_keep()}</Button>
          </DialogClose>
          <Button
            variant="danger"
            onClick={() => {
              onConfirm()
              onOpenChange(false)
            }}
          >
            {m.buyer_basket_clear()}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  )
}
