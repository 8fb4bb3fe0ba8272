import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { toApiError } from '~/lib/api-error'
import { notify } from '~/lib/notify'
import { Button } from '~/ui/button'
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '~/ui/dialog'
import { FormError } from '~/ui/form/app-form'
import { deleteAddressFn } from '../addresses.functions'
import { addressQueries } from '../addresses.queries'
import type { Address } from '../addresses.schemas'

/** Deleting cannot be undone, so it asks first and says what happens to the default. */
export function DeleteAddressDialog({ address, onDeleted }: { address: Address; onDeleted?: () => unknown }) {
  const queryClient = useQueryClient()
  const [open, setOpen] = useState(false)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  async function confirm() {
    setBusy(true)
    setError(null)
    try {
      await deleteAddressFn({ data: { address_id: address.id } })
      await queryClient.invalidateQueries({ queryKey: addressQueries.mine().queryKey })
      notify('success', `${address.title} deleted`)
      setOpen(false)
      // Leave the edit page first: removing the query it is showing would refetch it into a 404.
      await onDeleted?.()
      queryClient.removeQueries({ queryKey: addressQueries.detail(address.id).queryKey })
    } catch (thrown) {
      setError(toApiError(thrown).message)
    } finally {
      setBusy(false)
    }
  }
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next)
        setError(null)
      }}
    >
      <DialogTrigger asChild>
        <Button size="sm" variant="ghost" className="text-red-800" aria-label={`Delete ${address.title}`}>
          Delete
        </Button>
      </DialogTrigger>
      <DialogContent
        title={`Delete ${address.title}?`}
        description={
          address.is_default
            ? 'This is your default address. Your most recent other address becomes the default.'
            : 'You cannot undo this.'
        }
      >
        <div className="flex flex-col gap-4">
          <FormError message={error} />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="secondary">Cancel</Button>
            </DialogClose>
            <Button variant="danger" disabled={busy} onClick={() => void confirm()}>
              {busy ? 'Deleting…' : 'Delete address'}
            </Button>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  )
}
