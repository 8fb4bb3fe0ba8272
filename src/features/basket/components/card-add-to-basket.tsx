import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { catalogQueries } from '~/features/catalog'
import { cn } from '~/lib/cn'
import { m } from '~/lib/messages'
import { Button } from '~/ui/button'
import { BasketIcon } from '~/ui/icons'

/**
 * Add-to-basket on a product card. A card knows no offers, so the product's offers are fetched on
 * click and the cheapest one in stock is added at its minimum quantity (the product page lets you
 * choose); the toast names that seller and says it was the cheapest. Out of stock everywhere: the
 * button is disabled and says so.
 */
export function CardAddToBasket({
  slug,
  name,
  inStock,
  className,
}: {
  slug: string
  name: string
  inStock: boolean
  className?: string
}) {
  const queryClient = useQueryClient()
  const [busy, setBusy] = useState(false)
  const add = async () => {
    setBusy(true)
    try {
      // The product's offers and the add (with its toast: loaded on the first add, issue #21) together.
      const [product, { addCheapestOffer }] = await Promise.all([
        queryClient.fetchQuery(catalogQueries.product(slug)).catch(() => null),
        import('../add-to-basket'),
      ])
      if (product) await addCheapestOffer(product)
    } finally {
      setBusy(false)
    }
  }
  return (
    <Button
      size="sm"
      variant="secondary"
      className={cn('relative z-10 h-8 px-2', className)}
      onClick={() => void add()}
      disabled={busy || !inStock}
      aria-label={inStock ? m.buyer_basket_card_add_label({ name }) : m.buyer_basket_card_out_label({ name })}
      data-testid="card-add-to-basket"
    >
      <BasketIcon size={16} />
      {/* Two cards a row on a phone leave room for the icon only; the name is in aria-label. */}
      <span className="hidden text-xs sm:inline">{m.buyer_basket_card_add()}</span>
    </Button>
  )
}
