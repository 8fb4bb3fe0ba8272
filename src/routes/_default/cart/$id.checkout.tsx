import { createFileRoute, redirect } from '@tanstack/react-router'
import { addressQueries } from '~/features/addresses'
import { CheckoutPage } from '~/features/checkout/components/checkout-page'
import { checkoutQueries } from '~/features/checkout'
import { ensureCurrentUser } from '~/features/auth'
import { pageHead } from '~/features/shell'
import { m } from '~/lib/messages'
import { parseIdParam } from '~/lib/route-errors'
import { Skeleton } from '~/ui/skeleton'

/**
 * Rendered only in the browser (spec §2). A guest signs in first and comes back here; a cart that
 * is not the buyer's, or is empty, is the 404 page (the server answers 404 for both).
 */
export const Route = createFileRoute('/_default/cart/$id/checkout')({
  params: { parse: parseIdParam },
  ssr: false,
  beforeLoad: async ({ context, location }) => {
    const user = await ensureCurrentUser(context.queryClient)
    if (!user) throw redirect({ to: '/auth', search: { redirect: location.href } })
  },
  loader: async ({ context, params }) => {
    void context.queryClient.prefetchQuery(addressQueries.mine())
    await context.queryClient.ensureQueryData(checkoutQueries.cart(Number(params.id)))
  },
  head: () => pageHead(m.buyer_checkout_title()),
  pendingComponent: CheckoutPending,
  component: DefaultCartIdCheckoutPage,
})

function DefaultCartIdCheckoutPage() {
  const { id } = Route.useParams()
  return <CheckoutPage cartId={Number(id)} />
}

function CheckoutPending() {
  return (
    <div className="flex flex-col gap-4" aria-busy="true" aria-label={m.buyer_checkout_loading()}>
      <Skeleton className="h-8 w-48" />
      <Skeleton className="h-48 w-full rounded-2xl" />
      <Skeleton className="h-32 w-full rounded-2xl" />
    </div>
  )
}
