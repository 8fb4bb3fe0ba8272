import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, Link } from '@tanstack/react-router'
import { MagazineEditor } from '~/features/magazines/components/magazine-editor'
import { MagazineStateBadge, useMagazineActions } from '~/features/magazines/components/magazine-list'
import { magazineQueries } from '~/features/magazines'
import { pageHead } from '~/features/shell'
import { useIsStoreOwner } from '~/features/stores/components/use-store-owner'
import { parseIdParam } from '~/lib/route-errors'
import { Button } from '~/ui/button'
import { m } from '~/lib/messages'

export const Route = createFileRoute('/seller/magazines/$magazineId/products')({
  params: { parse: ({ magazineId }) => ({ magazineId: parseIdParam({ id: magazineId }).id }) },
  loader: async ({ context, params }) => {
    await context.queryClient.ensureQueryData(magazineQueries.detail(Number(params.magazineId)))
    return { title: m.magazines_products_head() }
  },
  head: ({ loaderData }) => pageHead(loaderData?.title),
  component: SellerMagazinesMagazineidProductsPage,
})

function SellerMagazinesMagazineidProductsPage() {
  const { magazineId } = Route.useParams()
  const { data: magazine } = useSuspenseQuery(magazineQueries.detail(Number(magazineId)))
  const isOwner = useIsStoreOwner()
  const { status } = useMagazineActions()
  return (
    <section aria-labelledby="page-title" className="flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        <Link
          to="/seller/magazines"
          className="self-start text-sm font-medium text-brand-800 underline-offset-4 hover:underline"
        >
          {m.magazines_back_to_list()}
        </Link>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div className="flex min-w-0 items-center gap-3">
            <h1 id="page-title" className="truncate text-2xl font-bold tracking-tight text-ink sm:text-3xl">
              {magazine.title}
            </h1>
            <MagazineStateBadge state={magazine.state} />
          </div>
          {isOwner ? (
            <div className="flex gap-2">
              {magazine.status === 'draft' ? (
                <Button
                  disabled={status.isPending}
                  onClick={() => status.mutate({ magazineId: magazine.id, status: 'published' })}
                >
                  {m.magazines_publish()}
                </Button>
              ) : (
                <>
                  <a
                    href={`/magazine/${magazine.identify}`}
                    className="self-center text-sm font-medium text-brand-800 underline-offset-4 hover:underline"
                  >
                    {m.magazines_open_public()}
                  </a>
                  <Button
                    variant="secondary"
                    disabled={status.isPending}
                    onClick={() => status.mutate({ magazineId: magazine.id, status: 'draft' })}
                  >
                    {m.magazines_unpublish()}
                  </Button>
                </>
              )}
            </div>
          ) : null}
        </div>
        <p className="text-sm text-stone-600">{m.magazines_autosave_hint()}</p>
      </div>
      <MagazineEditor magazine={magazine} canEdit={isOwner} />
    </section>
  )
}
