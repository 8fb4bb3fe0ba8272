import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { toApiError } from '~/lib/api-error'
import { notify } from '~/lib/notify'
import { ConfirmDialog } from '~/ui/confirm-dialog'
import { deleteStoreFn } from '../stores.functions'
import { storeQueries } from '../stores.queries'
import { m } from '~/lib/messages'

/**
 * The edit page's "Delete store": asks first, then deletes the store with its offers. A store with
 * open orders is refused (409): the reason stays on the page, the store is kept, and pausing it is
 * the way out. Other failures are told in the dialog's toast.
 */
export function DeleteStore({ storeId, storeName }: { storeId: number; storeName: string }) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const [refusal, setRefusal] = useState<string | null>(null)
  const remove = async () => {
    try {
      await deleteStoreFn({ data: { storeId } })
    } catch (error) {
      const apiError = toApiError(error)
      if (apiError.status !== 409) throw error
      setRefusal(apiError.message)
      return
    }
    queryClient.removeQueries({ queryKey: storeQueries.detail(storeId).queryKey })
    await queryClient.invalidateQueries({ queryKey: storeQueries.all })
    notify('success', m.inventory_store_deleted_toast({ name: storeName }))
    await navigate({ to: '/seller/stores' })
  }
  return (
    <section
      aria-labelledby="delete-store-title"
      className="flex max-w-2xl flex-col gap-3 rounded-2xl border border-red-200 bg-red-50/40 p-4"
    >
      <h2 id="delete-store-title" className="text-base font-semibold text-ink">
        {m.inventory_store_delete_title()}
      </h2>
      <p className="text-sm text-stone-700">{m.inventory_store_delete_body()}</p>
      {refusal ? (
        <p role="alert" className="text-sm font-medium text-red-800" data-testid="delete-store-refused">
          {refusal}
        </p>
      ) : null}
      <div>
        <ConfirmDialog
          trigger={m.inventory_store_delete_button()}
          triggerVariant="danger"
          title={m.inventory_store_delete_confirm_title({ name: storeName })}
          description={m.inventory_store_delete_confirm_body()}
          confirm={m.inventory_store_delete_button()}
          busy={m.inventory_deleting()}
          cancel={m.inventory_keep_it()}
          onConfirm={remove}
        />
      </div>
    </section>
  )
}
