import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { toApiError } from '~/lib/api-error'
import { notify } from '~/lib/notify'
import { ConfirmDialog } from '~/ui/confirm-dialog'
import { deleteStoreFn } from '../stores.functions'
import { storeQueries } from '../stores.queries'

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
    notify('success', `${storeName} deleted`)
    await navigate({ to: '/seller/stores' })
  }
  return (
    <section
      aria-labelledby="delete-store-title"
      className="flex max-w-2xl flex-col gap-3 rounded-2xl border border-red-200 bg-red-50/40 p-4"
    >
      <h2 id="delete-store-title" className="text-base font-semibold text-ink">
        Delete this store
      </h2>
      <p className="text-sm text-stone-700">
        Its offers leave the listings and its stock history goes with it. A store with open orders cannot be
        deleted: pause it instead.
      </p>
      {refusal ? (
        <p role="alert" className="text-sm font-medium text-red-800" data-testid="delete-store-refused">
          {refusal}
        </p>
      ) : null}
      <div>
        <ConfirmDialog
          trigger="Delete store"
          triggerVariant="danger"
          title={`Delete “${storeName}”?`}
          description="The store, its offers and their stock history are removed and buyers no longer see them. This cannot be undone."
          confirm="Delete store"
          busy="Deleting…"
          cancel="Keep it"
          onConfirm={remove}
        />
      </div>
    </section>
  )
}
