import { createFileRoute } from '@tanstack/react-router'
import { PlaceholderPage } from '~/features/shell/components/placeholder-page'
import { pageHead } from '~/features/shell/page-head'

/** Rendered only in the browser (spec §2: it depends on the browser's basket and session). */
export const Route = createFileRoute('/_default/cart/')({
  head: () => pageHead('Basket'),
  ssr: false,
  component: DefaultCartPage,
})

function DefaultCartPage() {
  return <PlaceholderPage title="Basket" owner="basket" />
}
