import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, Link } from '@tanstack/react-router'
import { MagazineForm } from '~/features/magazines/components/magazine-form'
import { magazineQueries } from '~/features/magazines'
import { pageHead } from '~/features/shell'
import { parseIdParam } from '~/lib/route-errors'
import { m } from '~/lib/messages'

export const Route = createFileRoute('/seller/magazines/$magazineId/edit')({
  params: { parse: ({ magazineId }) => ({ magazineId: parseIdParam({ id: magazineId }).id }) },
  loader: async ({ context, params }) => {
    await context.queryClient.ensureQueryData(magazineQueries.detail(Number(params.magazineId)))
    return { title: m.magazines_edit_heading() }
  },
  head: ({ loaderData }) => pageHead(loaderData?.title),
  component: SellerMagazinesMagazineidEditPage,
})

function SellerMagazinesMagazineidEditPage() {
  const { magazineId } = Route.useParams()
  const { data: magazine } = useSuspenseQuery(magazineQueries.detail(Number(magazineId)))
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
          {m.magazines_edit_heading()}
        </h1>
        <Link
          to="/seller/magazines/$magazineId/products"
          params={{ magazineId }}
          className="self-start text-sm font-medium text-brand-800 underline-offset-4 hover:underline"
        >
          {m.magazines_to_pages()}
        </Link>
      </div>
      <MagazineForm
        key={magazine.id}
        magazineId={magazine.id}
        currentCover={magazine.cover}
        initial={{
          title: magazine.title,
          identify: magazine.identify,
          description: magazine.description,
          season: magazine.season,
          cutoffAt: magazine.cutoffAt ?? '',
        }}
      />
    </section>
  )
}
