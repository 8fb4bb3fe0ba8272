import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, Link } from '@tanstack/react-router'
import { MagazineList } from '~/features/magazines/components/magazine-list'
import { magazineQueries } from '~/features/magazines'
import { pageHead } from '~/features/shell'
import { useIsStoreOwner } from '~/features/stores/components/use-store-owner'
import { buttonClasses } from '~/ui/button'
import { m } from '~/lib/messages'
import { ListPage } from '~/ui/list-page'

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
    <ListPage
      title={m.magazines_list_heading()}
      spacing="roomy"
      actions={
        isOwner && magazines.length > 0 ? (
          <Link to="/seller/magazines/create" className={buttonClasses()}>
            {m.magazines_new()}
          </Link>
        ) : null
      }
    >
      <MagazineList magazines={magazines} canEdit={isOwner} />
    </ListPage>
  )
}
