import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { Suspense } from 'react'
import { useCurrentUser } from '~/features/auth'
import { quoteQueries } from '~/features/quotes'
import { quoteStatusLabel, requestStatusLabel } from '~/features/quotes/components/quote-labels'
import { QuoteThread } from '~/features/quotes/components/quote-thread'
import { SellerQuoteForm } from '~/features/quotes/components/seller-quote-form'
import { pageHead } from '~/features/shell'
import { sellerRole } from '~/lib/auth-access'
import { m } from '~/lib/messages'
import { parseIdParam } from '~/lib/route-errors'
import { formatTehranCalendarDay, formatTehranDateTime } from '~/lib/tehran-time'

/** /seller/quotes/$id (issue #40): a request sent to the seller, its quote form and thread. */
export const Route = createFileRoute('/seller/quotes/$id')({
  params: { parse: parseIdParam },
  loader: async ({ context, params }) => {
    await context.queryClient.ensureQueryData(quoteQueries.sellerRequest(Number(params.id)))
    return { title: m.quotes_request_title({ id: String(params.id) }) }
  },
  head: ({ loaderData }) => pageHead(loaderData?.title),
  component: SellerQuoteRequestPage,
})

function SellerQuoteRequestPage() {
  const { id } = Route.useParams()
  const { user } = useCurrentUser()
  const { data } = useSuspenseQuery(quoteQueries.sellerRequest(Number(id)))
  const owner = sellerRole(user) === 'owner'
  const revisable = data.status === 'open' && (!data.quote || data.quote.status === 'submitted')
  return (
    <section aria-labelledby="page-title" className="flex max-w-3xl flex-col gap-5">
      <h1 id="page-title" className="text-2xl font-bold">
        {m.quotes_request_title({ id: String(id) })}
      </h1>
      <dl className="grid grid-cols-1 gap-2 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-stone-600">{m.quotes_field_status()}</dt>
          <dd>{data.quote ? quoteStatusLabel(data.quote.status) : requestStatusLabel(data.status)}</dd>
        </div>
        <div>
          <dt className="text-stone-600">{m.quotes_field_needed_by()}</dt>
          <dd>{formatTehranCalendarDay(data.needed_by)}</dd>
        </div>
        <div>
          <dt className="text-stone-600">{m.quotes_field_delivery()}</dt>
          <dd>{data.delivery_mode === 'pickup' ? m.quotes_pickup() : data.delivery_city}</dd>
        </div>
        <div>
          <dt className="text-stone-600">{m.quotes_field_payment()}</dt>
          <dd>
            {data.payment_preference === 'pay_now'
              ? m.quotes_payment_pay_now()
              : m.quotes_payment_credit_terms()}
          </dd>
        </div>
        {data.quote ? (
          <div>
            <dt className="text-stone-600">{m.quotes_field_valid_until()}</dt>
            <dd>{formatTehranDateTime(data.quote.valid_until)}</dd>
          </div>
        ) : null}
      </dl>
      {data.note ? (
        <p className="whitespace-pre-wrap rounded-xl bg-stone-50 p-3 text-sm">{data.note}</p>
      ) : null}
      {owner && revisable ? <SellerQuoteForm request={data} /> : null}
      {data.quote ? (
        <Suspense fallback={<p className="text-sm">{m.quotes_loading()}</p>}>
          <QuoteThread quoteId={data.quote.id} side="seller" />
        </Suspense>
      ) : null}
    </section>
  )
}
