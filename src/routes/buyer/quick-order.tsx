import { createFileRoute } from '@tanstack/react-router'
import { QuickOrderForm } from '~/features/reorder'
import { pageHead } from '~/features/shell'
import { m } from '~/lib/messages'

export const Route = createFileRoute('/buyer/quick-order')({
  loader: () => ({ title: m.reorder_quick_title() }),
  head: ({ loaderData }) => pageHead(loaderData?.title),
  component: QuickOrderPage,
})

function QuickOrderPage() {
  return (
    <section aria-labelledby="page-title" className="flex max-w-5xl flex-col gap-5">
      <div className="flex flex-col gap-1">
        <h1 id="page-title" className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">
          {m.reorder_quick_title()}
        </h1>
        <p className="text-sm text-stone-600">{m.reorder_quick_intro()}</p>
      </div>
      <QuickOrderForm />
    </section>
  )
}
