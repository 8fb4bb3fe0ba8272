import { createFileRoute, Link } from '@tanstack/react-router'
import { MagazineForm } from '~/features/magazines/components/magazine-form'
import { pageHead } from '~/features/shell'
import { m } from '~/lib/messages'

export const Route = createFileRoute('/seller/magazines/create')({
  loader: () => ({ title: m.magazines_new_heading() }),
  head: ({ loaderData }) => pageHead(loaderData?.title),
  component: SellerMagazinesCreatePage,
})

function SellerMagazinesCreatePage() {
  return (
    <section aria-labelledby="page-title" className="flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        <Link
          to="/seller/magazines"
          className="self-start text-sm font-medium text-brand-800 underline-offset-4 hover:underline"
        >
          {m.magazines_back_to_list()}
        </Link>
        <h1 id="page-title" className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">
          {m.magazines_new_heading()}
        </h1>
      </div>
      <MagazineForm />
    </section>
  )
}
