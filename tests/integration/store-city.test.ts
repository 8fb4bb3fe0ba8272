import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  createStore as createStoreOp,
  getStore,
  listStores,
  setStoreStatus,
  updateStore,
} from '~/features/stores/stores.server'
import {
  CITY_NOT_LISTED,
  STORE_JSON_FIELDS,
  createStoreInput,
  updateStoreInput,
} from '~/features/stores/stores.schemas'
import type { AuthContext } from '~/server/auth/session.server'
import type { Db } from '~/server/db/client.server'
import { auditEvents, stores } from '~/server/db/schema'
import { HttpError } from '~/server/http/api-errors.server'
import { multipart } from '~/server/http/multipart.server'
import { createStore } from '../factories/create'
import { usingPostgres } from '../support/test-database'
import { closeAuthTestDatabase, createRoleUsers, openAuthTestDatabase, type RoleUsers } from './auth-fixtures'
import { authOf } from './tickets-fixtures'

/**
 * Issue #15: a store's city comes from the list of Iran's cities. The store forms' own validators
 * (createStoreFn's and updateStoreFn's, the multipart readers below) refuse anything else with a 422
 * on `city`; a listed city typed in Persian or another case is stored by its listed English name;
 * a store saved with an unlisted city before the list stays readable and can be paused, and its
 * next edit must choose a listed city.
 */

const createForm = multipart(createStoreInput)
const updateForm = multipart(updateStoreInput, { json: STORE_JSON_FIELDS })

let n = 0
function storeForm(fields: Record<string, string>, storeId?: number): FormData {
  const form = new FormData()
  const values = {
    name: `City Bazaar ${++n}`,
    slug: `city-bazaar-${Date.now().toString(36)}-${n}`,
    description: '',
    pickupAddress: '',
    pickupHours: '',
    status: 'active',
    ...fields,
  }
  for (const [key, value] of Object.entries(values)) form.set(key, value)
  if (storeId !== undefined) {
    form.set('storeId', JSON.stringify(storeId))
    form.set('removeLogo', 'false')
  }
  return form
}

function refusal(run: () => unknown): HttpError {
  try {
    run()
  } catch (error) {
    if (error instanceof HttpError) return error
    throw error
  }
  throw new Error('expected a 422')
}

describe(`a store's city from the list (${usingPostgres() ? 'PostgreSQL' : 'PGlite'})`, () => {
  let db: Db
  let roles: RoleUsers
  let owner: AuthContext

  beforeAll(async () => {
    ;({ db } = await openAuthTestDatabase())
    roles = await createRoleUsers(db)
    owner = await authOf(db, roles.approvedSeller.id)
  })
  afterAll(closeAuthTestDatabase)

  it('refuses a city that is not on the list with a 422 on city, on create and on edit', async () => {
    for (const city of ['Tehrn', 'Springfield', 'تهرانپارس', '']) {
      const error = refusal(() => createForm(storeForm({ city })))
      expect(error.status).toBe(422)
      expect(Object.keys(error.fieldErrors ?? {})).toEqual(['city'])
      if (city) expect(error.fieldErrors!.city).toEqual([CITY_NOT_LISTED()])
    }
    const store = await createStoreOp(db, owner, createForm(storeForm({ city: 'Tabriz' })).input)
    const error = refusal(() => updateForm(storeForm({ city: 'Gotham' }, store.id)))
    expect(error.status).toBe(422)
    expect(error.fieldErrors).toEqual({ city: [CITY_NOT_LISTED()] })
    expect((await getStore(db, owner, store.id)).city).toBe('Tabriz')
  })

  it('stores a listed city by its English name, whether typed in Persian, in another case or spelling', async () => {
    const typed = { اصفهان: 'Isfahan', 'bandar  abbas': 'Bandar Abbas', Esfahan: 'Isfahan', كرمان: 'Kerman' }
    for (const [city, stored] of Object.entries(typed)) {
      const store = await createStoreOp(db, owner, createForm(storeForm({ city })).input)
      const [row] = await db.select({ city: stores.city }).from(stores).where(eq(stores.id, store.id))
      expect(row!.city).toBe(stored)
    }
  })

  it('keeps a store saved with an unlisted city readable and pausable; its next edit picks a listed city', async () => {
    const legacy = await createStore(db, { seller: { id: roles.approvedSeller.sellerId! }, city: 'Tehrn' })
    expect((await listStores(db, owner)).find((s) => s.id === legacy.id)?.city).toBe('Tehrn')
    expect((await getStore(db, owner, legacy.id)).city).toBe('Tehrn')
    await setStoreStatus(db, owner, { storeId: legacy.id, status: 'inactive' })
    expect((await getStore(db, owner, legacy.id)).status).toBe('inactive')

    const unchanged = storeForm(
      { name: legacy.name, slug: legacy.slug, city: 'Tehrn', status: 'inactive' },
      legacy.id,
    )
    expect(refusal(() => updateForm(unchanged)).fieldErrors).toEqual({ city: [CITY_NOT_LISTED()] })
    unchanged.set('city', 'Tehran')
    await updateStore(db, owner, updateForm(unchanged).input)
    expect((await getStore(db, owner, legacy.id)).city).toBe('Tehran')
    const [event] = await db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.recordType, 'store'),
          eq(auditEvents.action, 'store.update'),
          eq(auditEvents.recordId, String(legacy.id)),
        ),
      )
    expect(event!.changes.city).toEqual({ before: 'Tehrn', after: 'Tehran' })
  })
})
