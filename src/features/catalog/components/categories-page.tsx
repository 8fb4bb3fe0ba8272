import type { QueryClient } from '@tanstack/react-query'
import { useSuspenseQuery } from '@tanstack/react-query'
import { absoluteUrl } from '../catalog-seo'
import { catalogQueries } from '../catalog.queries'
import { CategoryTree } from './category-tree'

/**
 * Warms the tree and returns the page's SEO. /category and /select-category show the same tree, so
 * both name /category as the canonical address.
 */
export async function loadCategoriesPage(
  queryClient: QueryClient,
  seo: { title: string; description: string },
) {
  const [, { siteUrl }] = await Promise.all([
    queryClient.ensureQueryData(catalogQueries.categoryTree()),
    queryClient.ensureQueryData(catalogQueries.site()),
  ])
  return { seo: { ...seo, url: absoluteUrl(siteUrl, '/category') } }
}

export function CategoriesPage({ title, intro }: { title: string; intro?: string }) {
  const { data: categories } = useSuspenseQuery(catalogQueries.categoryTree())
  return (
    <section aria-labelledby="page-title" className="flex flex-col gap-6">
      <div>
        <h1 id="page-title" className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">
          {title}
        </h1>
        {intro ? <p className="mt-1 text-sm text-stone-600">{intro}</p> : null}
      </div>
      <CategoryTree categories={categories} />
    </section>
  )
}
