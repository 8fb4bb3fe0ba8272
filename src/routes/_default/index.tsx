import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { catalogQueries } from '~/features/catalog/catalog.queries'
import { HomePage } from '~/features/home/components/home-page'

export const Route = createFileRoute('/_default/')({
  loader: async ({ context }) => {
    await Promise.all([
      context.queryClient.ensureQueryData(catalogQueries.categoryTree()),
      context.queryClient.ensureQueryData(catalogQueries.featured(12)),
    ])
  },
  component: Home,
})

function Home() {
  const { data: categories } = useSuspenseQuery(catalogQueries.categoryTree())
  const { data: products } = useSuspenseQuery(catalogQueries.featured(12))
  return <HomePage categories={categories} products={products} />
}
