import { createFileRoute, Link } from '@tanstack/react-router'
import * as v from 'valibot'
import { pageHead } from '~/features/shell'
import { NewTicketForm } from '~/features/tickets/components/new-ticket-form'
import { m } from '~/lib/messages'

export const Route = createFileRoute('/buyer/tickets/create')({
  // ?order=OM-… from an order page: prefilled, still editable. Anything odd is dropped, not a 404.
  validateSearch: v.object({
    order: v.fallback(v.optional(v.pipe(v.string(), v.regex(/^[\w\-#/ ]{1,40}$/))), undefined),
  }),
  loader: () => ({ title: m.account_new_ticket_title() }),
  head: ({ loaderData }) => pageHead(loaderData?.title),
  component: BuyerTicketsCreatePage,
})

function BuyerTicketsCreatePage() {
  const { order } = Route.useSearch()
  return (
    <section aria-labelledby="page-title" className="flex max-w-3xl flex-col gap-5">
      <div className="flex flex-col gap-1">
        <Link to="/buyer/tickets" className="text-sm font-medium text-brand-800 hover:underline">
          {m.account_back_tickets()}
        </Link>
        <h1 id="page-title" className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">
          {m.account_new_ticket_title()}
        </h1>
        <p className="text-sm text-stone-600">{m.account_new_ticket_intro()}</p>
      </div>
      <div className="rounded-2xl border border-stone-200 bg-white p-4 sm:p-6">
        <NewTicketForm orderReference={order} />
      </div>
    </section>
  )
}
