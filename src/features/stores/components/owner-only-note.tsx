import { Link } from '@tanstack/react-router'

/**
 * What an observer sees instead of a store form: they read stores and process stock and orders,
 * but only the seller's owner opens or changes stores (the server refuses them anyway).
 */
export function OwnerOnlyNote({ what, storeId }: { what: string; storeId?: number }) {
  return (
    <div
      role="note"
      className="max-w-2xl rounded-xl border border-stone-200 bg-white p-4 text-sm text-stone-700"
    >
      <p>
        Only the seller’s owner can {what}. As an observer you see the stores and process their stock and
        orders.
      </p>
      {storeId ? (
        <Link
          to="/seller/stores/$storeId/show"
          params={{ storeId: String(storeId) }}
          className="mt-2 inline-block font-medium text-brand-800 underline-offset-4 hover:underline"
        >
          See the store’s details
        </Link>
      ) : (
        <Link
          to="/seller/stores"
          className="mt-2 inline-block font-medium text-brand-800 underline-offset-4 hover:underline"
        >
          See the stores
        </Link>
      )}
    </div>
  )
}
