import { useSuspenseQuery } from '@tanstack/react-query'
import { m } from '~/lib/messages'
import { createFileRoute, Link, notFound, stripSearchParams } from '@tanstack/react-router'
import {
  type CategoryNode,
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
import { formatNumber } from '~/lib/money'
import { invalidParam, notFoundOnInvalidSearch } from '~/lib/route-errors'

/** The category and the path to it, root first; null when there is no such category. */
function findCategory(
  nodes: CategoryNode[],
  slug: string,
  trail: CategoryNode[] = [],
): CategoryNode[] | null {
  for (const node of nodes) {
    if (node.slug === slug) return [...trail, node]
    const found = findCategory(node.children, slug, [...trail, node])
    if (found) return found
  }
  return null
}

/** The path names the category; a `category` in the query string is ignored here. */
const listingSearch = (slug: string, search: ProductSearch): ProductSearch => ({ ...search, category: slug })

export const Route = createFileRoute('/_default/category/$slug')({
  params: {
    parse: ({ slug }) => (SLUG_PATTERN.test(slug) && slug.length <= 100 ? { slug } : invalidParam()),
  },
  validateSearch: productSearchSchema,
  search: { middlewares: [stripSearchParams({ page: 1, per_page: DEFAULT_PER_PAGE, sort: 'relevance' })] },
  onError: notFoundOnInvalidSearch,
  loaderDeps: ({ search }) => search,
  loader: async ({ context, params, deps }) => {
    const [tree, { siteUrl }] = await Promise.all([
      context.queryClient.ensureQueryData(catalogQueries.categoryTree()),
      context.queryClient.ensureQueryData(catalogQueries.site()),
    ])
    const path = findCategory(tree, params.slug)
    if (!path) throw notFound()
    await context.queryClient.ensureQueryData(catalogQueries.listing(listingSearch(params.slug, deps)))
    const category = path.at(-1)!
    const { category: _ignored, ...rest } = deps
    return {
      seo: {
        title: category.name,
        description: m.content_category_description({
          countText: formatNumber(category.productCount),
          name: category.name,
        }),
        url: absoluteUrl(siteUrl, `/category/${category.slug}${productSearchToQuery(rest)}`),
        image: category.image ? absoluteUrl(siteUrl, category.image) : null,
      },
    }
  },
  head: ({ loaderData }) => (loaderData ? seoHead(loaderData.seo) : {}),
  component: CategoryPage,
})

function CategoryPage() {
  const { slug } = Route.useParams()
  const search = Route.useSearch()
  const { data: tree } = useSuspenseQuery(catalogQueries.categoryTree())
  const { data: listing } = useSuspenseQuery(catalogQueries.listing(listingSearch(slug, search)))
  const path = findCategory(tree, slug) ?? []
  const category = path.at(-1)
  if (!category) return null
  const { category: _ignored, ...filters } = search
  return (
    <div className="flex flex-col gap-4">
      <Breadcrumbs trail={path.slice(0, -1)} current={category.name} />
      <ProductListingView
        cardActions={productCardActions}
        base={{ kind: 'category', slug }}
        search={filters}
        listing={listing}
        title={category.name}
        intro={
          category.children.length ? (
            <ul
              className="flex flex-wrap gap-2"
              aria-label={m.content_category_children_label({ name: category.name })}
            >
              {category.children.map((child) => (
                <li key={child.id}>
                  <Link
                    to="/category/$slug"
                    params={{ slug: child.slug }}
                    className="inline-flex items-center gap-2 rounded-full border border-stone-300 bg-white px-3 py-1.5 text-sm text-ink hover:bg-stone-50"
                  >
                    {child.name}
                    <span className="text-xs text-stone-500">{formatNumber(child.productCount)}</span>
                  </Link>
                </li>
              ))}
            </ul>
          ) : null
        }
      />
    </div>
  )
}
