import { createFileRoute } from '@tanstack/react-router'
import { m } from '~/lib/messages'
import { constants } from '#app-config'
import { BecomeSellerPage } from '~/features/sellers/components/become-seller-page'
import { useCurrentUser } from '~/features/auth'
import { pageHead } from '~/features/shell'

export const Route = createFileRoute('/_default/get-seller')({
  loader: () => ({
    title: m.content_become_seller_title(),
    description: m.content_become_seller_description({ brand: constants.brand.name }),
  }),
  head: ({ loaderData }) => pageHead(loaderData?.title, loaderData?.description),
  component: GetSellerRoute,
})

function GetSellerRoute() {
  const { user, pending } = useCurrentUser()
  return <BecomeSellerPage user={user} pending={pending} path="/get-seller" />
}
