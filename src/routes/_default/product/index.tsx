import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, stripSearchParams } from '@tanstack/react-router'
import {
  DEFAULT_PER_PAGE,
  absoluteUrl,
  catalogQueries,
  productSearchSchema,
  productSearchToQuery,
  seoHead,
} from '~/features/catalog'
import { ProductListingView } from '~/features/catalog/components/product-listing'
import { productCardActions } from '~/features/home/components/product-card-actions'
import { m } from '~/lib/messages'
import { formatNumber } from '~/lib/money'
import { notFoundOnInvalidSearch } from '~/lib/route-errors'

export const Route = createFileRoute('/_default/product/')({
  // DOMAIN.md: a bad value of a known parameter is the spec's 404; unknown ones are dropped.
  validateSearch: productSearchSchema,
  search: { middlewares: [stripSearchParams({ page: 1, per_page: DEFAULT_PER_PAGE, sort: 'relevance' })] },
  onError: notFoundOnInvalidSearch,
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps }) => {
    const [listing, { siteUrl }, store] = await Promise.all([
      context.queryClient.ensureQueryData(catalogQueries.listing(deps)),
      context.queryClient.ensureQueryData(catalogQueries.site()),
      deps.store ? context.queryClient.ensureQueryData(catalogQueries.store(deps.store)) : null,
    ])
    const category = listing.facets.categoryTrail.at(-1)?.name
    const title = deps.q
      ? m.catalog_listing_title_search({ q: deps.q })
      : store
        ? m.catalog_listing_title_store({ store: store.name })
        : category
          ? m.catalog_listing_title_category({ category })
          : m.catalog_nav_all_products()
    const count = formatNumber(listing.total)
    return {
      title,
      seo: {
        title,
        description: category
          ? m.catalog_listing_description_category({ count, category })
          : m.catalog_listing_description({ count }),
        // The canonical form: known parameters only, in a fixed order.
        url: absoluteUrl(siteUrl, `/product${productSearchToQuery(deps)}`),
        noindex: Boolean(deps.q),
      },
    }
  },
  head: ({ loaderData }) => (loaderData ? seoHead(loaderData.seo) : {}),
  component: ProductsPage,
})

function ProductsPage() {
  const search = Route.useSearch()
  const { title } = Route.useLoaderData()
  const { data: listing } = useSuspenseQuery(catalogQueries.listing(search))
  return (
    <ProductListingView
      base={{ kind: 'product' }}
      search={search}
      listing={listing}
      title={title}
      cardActions={productCardActions}
    />
  )
}
