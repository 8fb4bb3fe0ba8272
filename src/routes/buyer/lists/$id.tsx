import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, Link } from '@tanstack/react-router'
import { BuyerListDetail, buyerListQueries } from '~/features/reorder'
import { pageHead } from '~/features/shell'
import { parseIdParam } from '~/lib/route-errors'
import { m } from '~/lib/messages'

export const Route = createFileRoute('/buyer/lists/$id')({
  params: { parse: parseIdParam },
  loader: async ({ context, params }) => {
    const list = await context.queryClient.ensureQueryData(buyerListQueries.detail(Number(params.id)))
    return { title: list.name }
  },
  head: ({ loaderData }) => pageHead(loaderData?.title),
  component: BuyerListPage,
})

function BuyerListPage() {
  const { id } = Route.useParams()
  const { data: list } = useSuspenseQuery(buyerListQueries.detail(Number(id)))
  return (
    <section aria-labelledby="page-title" className="flex max-w-5xl flex-col gap-5">
      <div className="flex flex-col gap-1">
        <Link to="/buyer/lists" className="text-sm font-medium text-brand-800 hover:underline">
          {m.reorder_lists_back()}
        </Link>
        <h1 id="page-title" className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">
          {list.name}
        </h1>
      </div>
      <BuyerListDetail key={list.id} listId={list.id} />
    </section>
  )
}
