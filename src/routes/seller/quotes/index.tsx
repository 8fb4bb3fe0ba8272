import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, Link } from '@tanstack/react-router'
import * as v from 'valibot'
import { quoteQueries } from '~/features/quotes'
import { inboxTabLabel } from '~/features/quotes/components/quote-labels'
import { SellerQuoteInboxList } from '~/features/quotes/components/quote-lists'
import { pageHead } from '~/features/shell'
import { cn } from '~/lib/cn'
import { m } from '~/lib/messages'
import { formatNumber } from '~/lib/money'
import { sellerQuoteTabs } from '~/lib/quote-enums'
import { notFoundOnInvalidSearch } from '~/lib/route-errors'

/** /seller/quotes (issue #40): the requests sent to the seller, by tab. */
export const Route = createFileRoute('/seller/quotes/')({
  validateSearch: v.object({ tab: v.optional(v.picklist(sellerQuoteTabs)) }),
  onError: notFoundOnInvalidSearch,
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps }) => {
    await context.queryClient.ensureQueryData(quoteQueries.inbox(deps.tab ?? 'new'))
    return { title: m.quotes_inbox_title() }
  },
  head: ({ loaderData }) => pageHead(loaderData?.title),
  component: SellerQuotesPage,
})

function SellerQuotesPage() {
  const tab = Route.useSearch().tab ?? 'new'
  const { data } = useSuspenseQuery(quoteQueries.inbox(tab))
  return (
    <section aria-labelledby="page-title" className="flex flex-col gap-5">
      <h1 id="page-title" className="text-2xl font-bold">
        {m.quotes_inbox_title()}
      </h1>
      <nav aria-label={m.quotes_inbox_tabs()} className="flex flex-wrap gap-2">
        {sellerQuoteTabs.map((t) => (
          <Link
            key={t}
            to="/seller/quotes"
            search={{ tab: t }}
            aria-current={t === tab ? 'page' : undefined}
            className={cn(
              'rounded-full px-3 py-1.5 text-sm font-medium ring-1',
              t === tab ? 'bg-ink text-white ring-ink' : 'bg-white text-ink ring-stone-300',
            )}
          >
            {inboxTabLabel(t)} ({formatNumber(data.counts[t])})
          </Link>
        ))}
      </nav>
      <SellerQuoteInboxList rows={data.rows} />
    </section>
  )
}
