import { queryOptions } from '@tanstack/react-query'
import {
  fetchFeaturedProducts,
  fetchHomeSections,
  fetchLandingPage,
  fetchProductDetail,
  fetchProductListing,
  fetchSiteInfo,
  fetchStore,
} from './catalog.functions'
import type { ProductSearch } from './catalog.schemas'
import { catalogShellQueries } from './catalog-shell.queries'

/** Query-key factory for the catalogue: one place for keys, loaders and components alike. */
export const catalogQueries = {
  ...catalogShellQueries,
  featured: (limit = 12) =>
    queryOptions({
      queryKey: [...catalogQueries.all, 'featured', limit],
      queryFn: () => fetchFeaturedProducts({ data: { limit } }),
    }),
  home: () =>
    queryOptions({
      queryKey: [...catalogQueries.all, 'home'],
      queryFn: () => fetchHomeSections(),
    }),
  listing: (search: ProductSearch) =>
    queryOptions({
      queryKey: [...catalogQueries.all, 'listing', search],
      queryFn: () => fetchProductListing({ data: search }),
    }),
  product: (slug: string) =>
    queryOptions({
      queryKey: [...catalogQueries.all, 'product', slug],
      queryFn: () => fetchProductDetail({ data: { slug } }),
    }),
  landing: (slug: string) =>
    queryOptions({
      queryKey: [...catalogQueries.all, 'landing', slug],
      queryFn: () => fetchLandingPage({ data: { slug } }),
    }),
  site: () =>
    queryOptions({
      queryKey: [...catalogQueries.all, 'site'],
      queryFn: () => fetchSiteInfo(),
      staleTime: Number.POSITIVE_INFINITY,
    }),
  store: (slug: string) =>
    queryOptions({
      queryKey: [...catalogQueries.all, 'store', slug],
      queryFn: () => fetchStore({ data: { slug } }),
    }),
}
