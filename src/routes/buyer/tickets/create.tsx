import { createFileRoute, Link } from '@tanstack/react-router'
import * as v from 'valibot'
import { pageHead } from '~/features/shell/page-head'
import { NewTicketForm } from '~/features/tickets/components/new-ticket-form'

export const Route = createFileRoute('/buyer/tickets/create')({
  // ?order=OM-… from an order page: prefilled, still editable. Anything odd is dropped, not a 404.
  validateSearch: v.object({
    order: v.fallback(v.optional(v.pipe(v.string(), v.regex(/^[\w\-#/ ]{1,40}$/))), undefined),
  }),
  head: () => pageHead('New Ticket'),
  component: BuyerTicketsCreatePage,
})

function BuyerTicketsCreatePage() {
  const { order } = Route.useSearch()
  return (
    <section aria-labelledby="page-title" className="flex max-w-3xl flex-col gap-5">
      <div className="flex flex-col gap-1">
        <Link to="/buyer/tickets" className="text-sm font-medium text-brand-800 hover:underline">
          ← Your Tickets
        </Link>
        <h1 id="page-title" className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">
          New Ticket
        </h1>
        <p className="text-sm text-stone-600">
          We usually answer within one working day and text you when we do.
        </p>
      </div>
      <div className="rounded-2xl border border-stone-200 bg-white p-4 sm:p-6">
        <NewTicketForm orderReference={order} />
      </div>
    </section>
  )
}
