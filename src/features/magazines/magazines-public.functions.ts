import { createServerFn } from '@tanstack/react-start'
import { getDb } from '~/server/db/database.server'
import { validate } from '~/server/http/api-errors.server'
import {
  identifyInput,
  magazineItemAddInput,
  magazineListSearch,
  magazinePageAddsInput,
  storeMagazinesInput,
} from './magazines.schemas'
import {
  featuredMagazines,
  getPublicMagazine,
  listPublicMagazines,
  magazineItemAdd,
  pageAddPlan,
} from './magazines-public.server'

/**
 * Server functions for the public magazine pages, the home page's featured list and a store's
 * magazines, apart from the seller's (magazines.functions.ts) so those pages load only these.
 */

// Read-only; they never look at who is asking.

export const fetchPublicMagazines = createServerFn({ method: 'GET' })
  .validator(validate(magazineListSearch))
  .handler(async ({ data }) => listPublicMagazines(await getDb(), data))

/** null when there is no published magazine by this identify (the page turns that into a 404). */
export const fetchPublicMagazine = createServerFn({ method: 'GET' })
  .validator(validate(identifyInput))
  .handler(async ({ data }) => getPublicMagazine(await getDb(), data.identify))

export const fetchMagazinePageAdds = createServerFn({ method: 'GET' })
  .validator(validate(magazinePageAddsInput))
  .handler(async ({ data }) => pageAddPlan(await getDb(), data.identify, data.magazinePageId))

/** The live item before a single add from a magazine page; refused once the magazine's cut-off has passed. */
export const fetchMagazineItemAdd = createServerFn({ method: 'GET' })
  .validator(validate(magazineItemAddInput))
  .handler(async ({ data }) => magazineItemAdd(await getDb(), data.identify, data.sku))

export const fetchFeaturedMagazines = createServerFn({ method: 'GET' }).handler(async () =>
  featuredMagazines(await getDb()),
)

export const fetchStoreMagazines = createServerFn({ method: 'GET' })
  .validator(validate(storeMagazinesInput))
  .handler(async ({ data }) => featuredMagazines(await getDb(), { storeSlug: data.storeSlug, limit: 12 }))
