import { createFileRoute } from '@tanstack/react-router'
import { BecomeSellerPage } from '~/features/sellers/components/become-seller-page'
import { useCurrentUser } from '~/features/session/use-session'
import { pageHead } from '~/features/shell/page-head'

export const Route = createFileRoute('/_default/become-a-seller')({
  head: () =>
    pageHead(
      'Become a Seller',
      'Sell wholesale on Omdeh: open stores, list tiered bulk prices, receive orders.',
    ),
  component: BecomeASellerRoute,
})

function BecomeASellerRoute() {
  const { user, pending } = useCurrentUser()
  return <BecomeSellerPage user={user} pending={pending} path="/become-a-seller" />
}
