import { createServerFn } from '@tanstack/react-start'
import { getDb } from '~/server/db/database.server'
import { featuredProductsInput } from './catalog.schemas'
import { listCategoryTree, listFeaturedProducts } from './catalog.server'

export const fetchCategoryTree = createServerFn({ method: 'GET' }).handler(async () =>
  listCategoryTree(await getDb()),
)

export const fetchFeaturedProducts = createServerFn({ method: 'GET' })
  .validator(featuredProductsInput)
  .handler(async ({ data }) => listFeaturedProducts(await getDb(), data.limit))
