import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, notFound } from '@tanstack/react-router'
import { addProductOffer } from '~/features/basket'
import { SLUG_PATTERN, absoluteUrl, catalogQueries, seoHead } from '~/features/catalog'
import { ProductPage } from '~/features/catalog/components/product-page'
import { AddToCompareButton } from '~/features/compare/components/add-to-compare-button'
import { RequestQuoteLink } from '~/features/quotes/components/request-quote-link'
import { invalidParam } from '~/lib/route-errors'

export const Route = createFileRoute('/_default/product/$slug')({
  params: {
    parse: ({ slug }) => (SLUG_PATTERN.test(slug) && slug.length <= 200 ? { slug } : invalidParam()),
  },
  loader: async ({ context, params }) => {
    // The JSON-LD builder is needed only here, not when the page hydrates: a chunk of its own,
    // fetched beside the data on a client navigation (issue #21).
    const [product, { siteUrl }, { productJsonLd }] = await Promise.all([
      context.queryClient.ensureQueryData(catalogQueries.product(params.slug)),
      context.queryClient.ensureQueryData(catalogQueries.site()),
      import('~/features/catalog/components/product-json-ld'),
    ])
    // An unknown or unpublished product is the 404 page.
    if (!product) throw notFound()
    const url = absoluteUrl(siteUrl, `/product/${product.slug}`)
    // What <head> needs: title, description, canonical URL, Open Graph and JSON-LD.
    return {
      url,
      seo: {
        title: product.brand ? `${product.name} · ${product.brand.name}` : product.name,
        description: product.description,
        url,
        image: product.photos[0] ? absoluteUrl(siteUrl, product.photos[0].url) : null,
        type: 'product' as const,
        jsonLd: productJsonLd(product, url, siteUrl),
      },
    }
  },
  head: ({ loaderData }) => (loaderData ? seoHead(loaderData.seo) : {}),
  component: ProductRoute,
})

function ProductRoute() {
  const { slug } = Route.useParams()
  const { url } = Route.useLoaderData()
  const { data: product } = useSuspenseQuery(catalogQueries.product(slug))
  if (!product) return null
  // The basket's add and the compare button sit above the catalogue: the route hands them down.
  return (
    <>
      <ProductPage
        key={product.id}
        product={product}
        url={url}
        addOffer={(offer, quantity) => addProductOffer(product, offer, quantity)}
        compare={(compared) => <AddToCompareButton product={compared} />}
      />
      <RequestQuoteLink product={product} />
    </>
  )
}
