import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { quoteQueries } from '~/features/quotes'
import { QuoteComparison } from '~/features/quotes/components/quote-comparison'
import { pageHead } from '~/features/shell'
import { m } from '~/lib/messages'
import { parseIdParam } from '~/lib/route-errors'

/** /buyer/quotes/$id (issue #40): the request's quotes side by side, threads, accept. */
export const Route = createFileRoute('/buyer/quotes/$id')({
  params: { parse: parseIdParam },
  loader: async ({ context, params }) => {
    await context.queryClient.ensureQueryData(quoteQueries.request(Number(params.id)))
    return { title: m.quotes_request_title({ id: String(params.id) }) }
  },
  head: ({ loaderData }) => pageHead(loaderData?.title),
  component: BuyerQuoteRequestPage,
})

function BuyerQuoteRequestPage() {
  const { id } = Route.useParams()
  const { data } = useSuspenseQuery(quoteQueries.request(Number(id)))
  return (
    <section aria-labelledby="page-title" className="flex flex-col gap-5">
      <h1 id="page-title" className="text-2xl font-bold">
        {m.quotes_request_title({ id: String(id) })}
      </h1>
      <QuoteComparison request={data} />
    </section>
  )
}
