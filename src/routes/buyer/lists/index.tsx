import { createFileRoute } from '@tanstack/react-router'
import { BuyerListsIndex, buyerListQueries } from '~/features/reorder'
import { pageHead } from '~/features/shell'
import { m } from '~/lib/messages'

export const Route = createFileRoute('/buyer/lists/')({
  loader: async ({ context }) => {
    await context.queryClient.ensureQueryData(buyerListQueries.list())
    return { title: m.reorder_lists_title() }
  },
  head: ({ loaderData }) => pageHead(loaderData?.title),
  component: BuyerListsPage,
})

function BuyerListsPage() {
  return (
    <section aria-labelledby="page-title" className="flex max-w-5xl flex-col gap-5">
      <div className="flex flex-col gap-1">
        <h1 id="page-title" className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">
          {m.reorder_lists_title()}
        </h1>
        <p className="text-sm text-stone-600">{m.reorder_lists_intro()}</p>
      </div>
      <BuyerListsIndex />
    </section>
  )
}
