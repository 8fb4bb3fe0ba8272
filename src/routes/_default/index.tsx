import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { catalogQueries } from '~/features/catalog'
import { HomePage } from '~/features/home/components/home-page'

export const Route = createFileRoute('/_default/')({
  loader: async ({ context }) => {
    await Promise.all([
      context.queryClient.ensureQueryData(catalogQueries.categoryTree()),
      context.queryClient.ensureQueryData(catalogQueries.home()),
    ])
  },
  component: Home,
})

function Home() {
  const { data: categories } = useSuspenseQuery(catalogQueries.categoryTree())
  const { data: sections } = useSuspenseQuery(catalogQueries.home())
  return <HomePage categories={categories} sections={sections} />
}
