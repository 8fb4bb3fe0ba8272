import { useState } from 'react'
import type { CatalogueMatch } from '../stores.schemas'
import { CreateProduct } from './create-product'
import { OfferExistingProduct } from './offer-existing-product'
import { useIsStoreOwner } from './use-store-owner'
import { m } from '~/lib/messages'

/**
 * The two ways to add products to a store, on one page: offer one of the shared catalogue, or
 * create a new one. A similar product found while creating is offered through the first.
 */
export function AddProducts({ storeId }: { storeId: number }) {
  const [chosen, setChosen] = useState<CatalogueMatch | null>(null)
  if (!useIsStoreOwner())
    return (
      <p className="rounded-xl border border-stone-200 bg-stone-50 p-4 text-sm text-stone-700">
        {m.inventory_add_products_observer()}
      </p>
    )
  return (
    <div className="flex flex-col gap-10">
      <OfferExistingProduct storeId={storeId} chosen={chosen} onChoose={setChosen} />
      <CreateProduct storeId={storeId} onOfferInstead={setChosen} />
    </div>
  )
}
