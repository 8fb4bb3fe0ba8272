import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, Link } from '@tanstack/react-router'
import { quoteQueries } from '~/features/quotes'
import { BuyerQuoteRequestList } from '~/features/quotes/components/quote-lists'
import { pageHead } from '~/features/shell'
import { m } from '~/lib/messages'
import { Button } from '~/ui/button'

/** /buyer/quotes (issue #40): the buyer's requests for quotation. */
export const Route = createFileRoute('/buyer/quotes/')({
  loader: async ({ context }) => {
    await context.queryClient.ensureQueryData(quoteQueries.mine())
    return { title: m.quotes_your_requests() }
  },
  head: ({ loaderData }) => pageHead(loaderData?.title),
  component: BuyerQuotesPage,
})

function BuyerQuotesPage() {
  const { data } = useSuspenseQuery(quoteQueries.mine())
  return (
    <section aria-labelledby="page-title" className="flex flex-col gap-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="page-title" className="text-2xl font-bold">
          {m.quotes_your_requests()}
        </h1>
        <Button asChild>
          <Link to="/buyer/quotes/new">{m.quotes_new_title()}</Link>
        </Button>
      </div>
      <BuyerQuoteRequestList requests={data} />
    </section>
  )
}
