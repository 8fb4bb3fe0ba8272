import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, Link } from '@tanstack/react-router'
import { MagazineList } from '~/features/magazines/components/magazine-list'
import { magazineQueries } from '~/features/magazines/magazines.queries'
import { pageHead } from '~/features/shell/page-head'
import { useIsStoreOwner } from '~/features/stores/components/use-store-owner'
import { buttonClasses } from '~/ui/button'
import { m } from '~/lib/messages'

export const Route = createFileRoute('/seller/magazines/')({
  loader: async ({ context }) => {
    await context.queryClient.ensureQueryData(magazineQueries.list())
    return { title: m.magazines_list_heading() }
  },
  head: ({ loaderData }) => pageHead(loaderData?.title),
  component: SellerMagazinesPage,
})

function SellerMagazinesPage() {
  const { data: magazines } = useSuspenseQuery(magazineQueries.list())
  const isOwner = useIsStoreOwner()
  return (
    <section aria-labelledby="page-title" className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="page-title" className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">
          {m.magazines_list_heading()}
        </h1>
        {isOwner && magazines.length > 0 ? (
          <Link to="/seller/magazines/create" className={buttonClasses()}>
            {m.magazines_new()}
          </Link>
        ) : null}
      </div>
      <MagazineList magazines={magazines} canEdit={isOwner} />
    </section>
  )
}
