import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { NewQuoteRequestForm } from '~/features/quotes/components/new-quote-request-form'
import { pageHead } from '~/features/shell'
import { m } from '~/lib/messages'
import { notFoundOnInvalidSearch } from '~/lib/route-errors'

/** /buyer/quotes/new (issue #40); `?product=<slug>&name=<name>` from a product page's "Request a quote". */
export const Route = createFileRoute('/buyer/quotes/new')({
  validateSearch: v.object({
    product: v.optional(v.pipe(v.string(), v.maxLength(200))),
    name: v.optional(v.pipe(v.string(), v.maxLength(300))),
  }),
  onError: notFoundOnInvalidSearch,
  loader: () => ({ title: m.quotes_new_title() }),
  head: ({ loaderData }) => pageHead(loaderData?.title),
  component: NewQuoteRequestPage,
})

function NewQuoteRequestPage() {
  const search = Route.useSearch()
  return (
    <section aria-labelledby="page-title" className="flex max-w-3xl flex-col gap-5">
      <h1 id="page-title" className="text-2xl font-bold">
        {m.quotes_new_title()}
      </h1>
      <p className="text-sm text-stone-600">{m.quotes_new_intro()}</p>
      <NewQuoteRequestForm
        product={search.product ? { slug: search.product, name: search.name ?? search.product } : null}
      />
    </section>
  )
}
