import { useState } from 'react'
import type { CatalogueMatch } from '../stores.schemas'
import { CreateProduct } from './create-product'
import { OfferExistingProduct } from './offer-existing-product'
import { useIsStoreOwner } from './use-store-owner'

/**
 * The two ways to add products to a store, on one page: offer one of the shared catalogue, or
 * create a new one. A similar product found while creating is offered through the first.
 */
export function AddProducts({ storeId }: { storeId: number }) {
  const [chosen, setChosen] = useState<CatalogueMatch | null>(null)
  if (!useIsStoreOwner())
    return (
      <p className="rounded-xl border border-stone-200 bg-stone-50 p-4 text-sm text-stone-700">
        Only the seller adds products to a store; as an observer you can see its products and adjust stock.
      </p>
    )
  return (
    <div className="flex flex-col gap-10">
      <OfferExistingProduct storeId={storeId} chosen={chosen} onChoose={setChosen} />
      <CreateProduct storeId={storeId} onOfferInstead={setChosen} />
    </div>
  )
}
