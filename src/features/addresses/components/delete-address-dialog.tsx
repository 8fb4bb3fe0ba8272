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
import { m } from '~/lib/messages'

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
      notify('success', m.account_deleted({ title: address.title }))
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
        <Button size="sm" variant="ghost" className="text-red-800" aria-label={m.account_delete_label({ title: address.title })}
        >
          {m.account_delete()}
        </Button>
      </DialogTrigger>
      <DialogContent
        title={m.account_delete_title({ title: address.title })}
        description={
          address.is_default
            ? m.account_delete_default_text()
            : m.account_delete_cannot_undo()
        }
      >
        <div className="flex flex-col gap-4">
          <FormError message={error} />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="secondary">{m.account_cancel()}</Button>
            </DialogClose>
            <Button variant="danger" disabled={busy} onClick={() => void confirm()}>
              {busy ? m.account_deleting() : m.account_delete_address()}
            </Button>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  )
}
