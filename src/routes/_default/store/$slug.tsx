import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, Link, notFound, stripSearchParams } from '@tanstack/react-router'
import {
  DEFAULT_PER_PAGE,
  type ProductSearch,
  SLUG_PATTERN,
  absoluteUrl,
  catalogQueries,
  productSearchSchema,
  productSearchToQuery,
  seoHead,
} from '~/features/catalog'
import { Breadcrumbs } from '~/features/catalog/components/breadcrumbs'
import { ProductListingView } from '~/features/catalog/components/product-listing'
import { productCardActions } from '~/features/home/components/product-card-actions'
import { StoreIntro, StoreLogo } from '~/features/catalog/components/store-header'
import { StoreMagazines } from '~/features/magazines/components/store-magazines'
import { publicMagazineQueries } from '~/features/magazines'
import { invalidParam, notFoundOnInvalidSearch } from '~/lib/route-errors'
import { m } from '~/lib/messages'
import { formatNumber } from '~/lib/money'

/** The path names the store; a `store` in the query string is ignored here. */
const listingSearch = (slug: string, search: ProductSearch): ProductSearch => ({ ...search, store: slug })

/** A store's public page: who the seller is, and the store's live offers with the listing's filters. */
export const Route = createFileRoute('/_default/store/$slug')({
  params: {
    parse: ({ slug }) => (SLUG_PATTERN.test(slug) && slug.length <= 100 ? { slug } : invalidParam()),
  },
  validateSearch: productSearchSchema,
  search: { middlewares: [stripSearchParams({ page: 1, per_page: DEFAULT_PER_PAGE, sort: 'relevance' })] },
  onError: notFoundOnInvalidSearch,
  loaderDeps: ({ search }) => search,
  loader: async ({ context, params, deps }) => {
    const [store, { siteUrl }] = await Promise.all([
      context.queryClient.ensureQueryData(catalogQueries.store(params.slug)),
      context.queryClient.ensureQueryData(catalogQueries.site()),
    ])
    // Unknown, paused, or its seller not approved: the 404 page.
    if (!store) throw notFound()
    await Promise.all([
      context.queryClient.ensureQueryData(catalogQueries.listing(listingSearch(params.slug, deps))),
      context.queryClient.ensureQueryData(publicMagazineQueries.ofStore(params.slug)),
    ])
    const { store: _ignored, ...rest } = deps
    return {
      seo: {
        title: `${store.name}, ${store.city}`,
        description:
          store.description ||
          m.catalog_store_description({
            store: store.name,
            city: store.city,
            count: formatNumber(store.productCount),
          }),
        url: absoluteUrl(siteUrl, `/store/${store.slug}${productSearchToQuery(rest)}`),
        image: store.logo ? absoluteUrl(siteUrl, store.logo) : null,
        noindex: Boolean(deps.q),
      },
    }
  },
  head: ({ loaderData }) => (loaderData ? seoHead(loaderData.seo) : {}),
  component: StorePage,
})

function StorePage() {
  const { slug } = Route.useParams()
  const search = Route.useSearch()
  const { data: store } = useSuspenseQuery(catalogQueries.store(slug))
  const { data: listing } = useSuspenseQuery(catalogQueries.listing(listingSearch(slug, search)))
  if (!store) return null
  const { store: _ignored, ...filters } = search
  return (
    <div className="flex flex-col gap-4">
      <Breadcrumbs trail={[]} current={store.name} />
      <ProductListingView
        cardActions={productCardActions}
        base={{ kind: 'store', slug }}
        search={filters}
        listing={listing}
        title={store.name}
        media={<StoreLogo store={store} />}
        intro={<StoreIntro store={store} />}
      />
      <StoreMagazines storeSlug={slug} storeName={store.name} />
      <Link
        to="/buyer/credit"
        search={{ seller: store.sellerId }}
        className="text-sm font-medium text-brand-800 hover:underline"
      >
        {m.credit_apply_link()}
      </Link>
    </div>
  )
}
