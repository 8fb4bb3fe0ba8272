import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, notFound } from '@tanstack/react-router'
import { SLUG_PATTERN, absoluteUrl, catalogQueries, seoHead } from '~/features/catalog'
import { LandingPageView } from '~/features/catalog/components/landing-page'
import { productCardActions } from '~/features/home/components/product-card-actions'
import { invalidParam } from '~/lib/route-errors'

export const Route = createFileRoute('/_default/landing/$slug')({
  params: {
    parse: ({ slug }) => (SLUG_PATTERN.test(slug) && slug.length <= 100 ? { slug } : invalidParam()),
  },
  loader: async ({ context, params }) => {
    const [page, { siteUrl }] = await Promise.all([
      context.queryClient.ensureQueryData(catalogQueries.landing(params.slug)),
      context.queryClient.ensureQueryData(catalogQueries.site()),
    ])
    // Unknown and unpublished landing pages are the 404 page.
    if (!page) throw notFound()
    return {
      seo: {
        title: page.title,
        description: page.summary || page.title,
        url: absoluteUrl(siteUrl, `/landing/${page.slug}`),
        image: page.heroImage ? absoluteUrl(siteUrl, page.heroImage) : null,
      },
    }
  },
  head: ({ loaderData }) => (loaderData ? seoHead(loaderData.seo) : {}),
  component: LandingRoute,
})

function LandingRoute() {
  const { slug } = Route.useParams()
  const { data: page } = useSuspenseQuery(catalogQueries.landing(slug))
  return page ? <LandingPageView page={page} cardActions={productCardActions} /> : null
}
