import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, Link } from '@tanstack/react-router'
import { SellerDetailView } from '~/features/sellers/components/seller-detail'
import { sellerQueries } from '~/features/sellers'
import { pageHead } from '~/features/shell'
import { m } from '~/lib/messages'
import { parseIdParam } from '~/lib/route-errors'

export const Route = createFileRoute('/admin/sellers/$sellerId')({
  params: {
    parse: ({ sellerId }) => ({ sellerId: parseIdParam({ id: sellerId }).id }),
  },
  loader: async ({ context, params }) => {
    await context.queryClient.ensureQueryData(sellerQueries.detail(Number(params.sellerId)))
    return { title: m.admin_seller_page_title() }
  },
  head: ({ loaderData }) => pageHead(loaderData?.title),
  component: SellerDetailPage,
})

function SellerDetailPage() {
  const { sellerId } = Route.useParams()
  const { data } = useSuspenseQuery(sellerQueries.detail(Number(sellerId)))
  return (
    <section aria-labelledby="page-title" className="flex flex-col gap-4">
      <Link
        to="/admin/sellers"
        className="self-start text-sm font-medium text-brand-800 underline underline-offset-4"
      >
        {m.admin_seller_back()}
      </Link>
      <SellerDetailView seller={data} />
    </section>
  )
}
