import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, notFound } from '@tanstack/react-router'
import { absoluteUrl, catalogQueries, seoHead } from '~/features/catalog'
import { MagazineView } from '~/features/magazines/components/magazine-view'
import { coverImagePath, publicMagazineQueries } from '~/features/magazines'
import { SLUG_PATTERN as IDENTIFY_PATTERN } from '~/lib/schema-pieces'
import { invalidParam } from '~/lib/route-errors'
import { m } from '~/lib/messages'

export const Route = createFileRoute('/_default/magazine/$identify')({
  params: {
    parse: ({ identify }) =>
      IDENTIFY_PATTERN.test(identify) && identify.length <= 60 ? { identify } : invalidParam(),
  },
  loader: async ({ context, params }) => {
    const [magazine, { siteUrl }] = await Promise.all([
      context.queryClient.ensureQueryData(publicMagazineQueries.detail(params.identify)),
      context.queryClient.ensureQueryData(catalogQueries.site()),
    ])
    // An unknown identify or a draft is the 404 page.
    if (!magazine) throw notFound()
    const url = absoluteUrl(siteUrl, `/magazine/${magazine.identify}`)
    const image = magazine.cover ? absoluteUrl(siteUrl, magazine.cover) : null
    return {
      url,
      seo: {
        title: m.magazines_public_title({ title: magazine.title, seller: magazine.seller.name }),
        description:
          magazine.description ||
          m.magazines_public_description_fallback({ title: magazine.title, seller: magazine.seller.name }),
        url,
        // Link previews get the cover cut to 1200×630 (a PNG drawn by the server from the cover).
        image: magazine.cover ? absoluteUrl(siteUrl, coverImagePath(magazine.identify)) : null,
        jsonLd: {
          '@context': 'https://schema.org',
          '@type': 'CollectionPage',
          name: magazine.title,
          description: magazine.description,
          url,
          ...(image ? { image } : {}),
          publisher: { '@type': 'Organization', name: magazine.seller.name },
          mainEntity: {
            '@type': 'ItemList',
            itemListElement: magazine.pages
              .flatMap((p) => p.items)
              .map((item, index) => ({
                '@type': 'ListItem',
                position: index + 1,
                url: absoluteUrl(siteUrl, `/product/${item.productSlug}`),
                name: item.name,
              })),
          },
        },
      },
    }
  },
  head: ({ loaderData }) => (loaderData ? seoHead(loaderData.seo) : {}),
  component: DefaultMagazineIdentifyPage,
})

function DefaultMagazineIdentifyPage() {
  const { identify } = Route.useParams()
  const { url } = Route.useLoaderData()
  const { data: magazine } = useSuspenseQuery(publicMagazineQueries.detail(identify))
  if (!magazine) return null
  return <MagazineView magazine={magazine} url={url} />
}
