import { Link } from '@tanstack/react-router'
import { m } from '~/lib/messages'

/**
 * What an observer sees instead of a store form: they read stores and process stock and orders,
 * but only the seller's owner opens or changes stores (the server refuses them anyway).
 */
export function OwnerOnlyNote({ what, storeId }: { what: 'open' | 'change'; storeId?: number }) {
  return (
    <div
      role="note"
      className="max-w-2xl rounded-xl border border-stone-200 bg-white p-4 text-sm text-stone-700"
    >
      <p>{what === 'open' ? m.inventory_owner_only_open() : m.inventory_owner_only_change()}</p>
      {storeId ? (
        <Link
          to="/seller/stores/$storeId/show"
          params={{ storeId: String(storeId) }}
          className="mt-2 inline-block font-medium text-brand-800 underline-offset-4 hover:underline"
        >
          {m.inventory_owner_see_store()}
        </Link>
      ) : (
        <Link
          to="/seller/stores"
          className="mt-2 inline-block font-medium text-brand-800 underline-offset-4 hover:underline"
        >
          {m.inventory_owner_see_stores()}
        </Link>
      )}
    </div>
  )
}
