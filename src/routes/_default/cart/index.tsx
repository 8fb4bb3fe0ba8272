import { createFileRoute } from '@tanstack/react-router'
import { CartPage } from '~/features/basket/components/cart-page'
import { pageHead } from '~/features/shell'
import { m } from '~/lib/messages'

/** Rendered only in the browser (spec §2: it depends on the browser's basket and session). */
export const Route = createFileRoute('/_default/cart/')({
  head: () => pageHead(m.buyer_basket_title()),

  ssr: false,
  component: CartPage,
})
