import { createServerFn } from '@tanstack/react-start'
import { getDb } from '~/server/db/database.server'
import { validate } from '~/server/http/api-errors.server'
import { listCategoryTree } from './catalog-categories.server'
import { suggest } from './catalog-search.server'
import { suggestInput } from './catalog.schemas'

/**
 * The catalogue server functions the header of every page calls (the category menu, the search
 * box's suggestions), apart from catalog.functions.ts: a module sits whole in one chunk, and the
 * page-level ones (listing, product, store, landing…) need not be in every page's first chunk
 * (issue #21).
 */

export const fetchCategoryTree = createServerFn({ method: 'GET' }).handler(async () =>
  listCategoryTree(await getDb()),
)

export const fetchSuggestions = createServerFn({ method: 'GET' })
  .validator(validate(suggestInput))
  .handler(async ({ data }) => suggest(await getDb(), data.q))
