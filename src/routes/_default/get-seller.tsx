import { createFileRoute } from '@tanstack/react-router'
import { BecomeSellerPage } from '~/features/sellers/components/become-seller-page'
import { useCurrentUser } from '~/features/session/use-session'
import { pageHead } from '~/features/shell/page-head'

export const Route = createFileRoute('/_default/get-seller')({
  head: () =>
    pageHead(
      'Become a Seller',
      'Sell wholesale on Omdeh: open stores, list tiered bulk prices, receive orders.',
    ),
  component: GetSellerRoute,
})

function GetSellerRoute() {
  const { user, pending } = useCurrentUser()
  return <BecomeSellerPage user={user} pending={pending} path="/get-seller" />
}
