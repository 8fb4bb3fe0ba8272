import { and, eq } from 'drizzle-orm'
import * as v from 'valibot'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  MAX_ADDRESSES,
  POSTAL_CODE_MESSAGE,
  TOO_MANY_ADDRESSES,
  addressInput,
  type AddressInput,
} from '~/features/addresses/addresses.schemas'
import {
  createAddress,
  deleteAddress,
  getAddress,
  listAddresses,
  setDefaultAddress,
  updateAddress,
} from '~/features/addresses/addresses.server'
import { INVALID_MOBILE, REQUIRED } from '~/features/auth/auth.schemas'
import { authenticateAccessToken, type AuthContext } from '~/server/auth/session.server'
import { setClock } from '~/server/clock.server'
import type { Db } from '~/server/db/client.server'
import { addresses } from '~/server/db/schema'
import { HttpError, parseInput } from '~/server/http/api-errors.server'
import { createUser } from '../factories/create'
import { usingPostgres } from '../support/test-database'
import { closeAuthTestDatabase, openAuthTestDatabase, signInAs } from './auth-fixtures'

const home = {
  title: 'Home',
  province: 'Tehran',
  city: 'Tehran',
  street: 'No. 4, Azadi St',
  postal_code: '۱۲۳۴۵-۶۷۸۹۰',
  receiver_name: 'Sara Ahmadi',
  receiver_phone: '0912 345 6789',
}

const input = (overrides: Record<string, unknown> = {}): AddressInput =>
  parseInput(addressInput, { ...home, ...overrides })

/** The first message per field, as the form shows them. */
function messages(value: Record<string, unknown>): Record<string, string> {
  const result = v.safeParse(addressInput, value, { abortPipeEarly: true })
  const found: Record<string, string> = {}
  for (const issue of result.issues ?? []) {
    const key = String(issue.path?.[0]?.key)
    found[key] ??= issue.message
  }
  return found
}

async function statusOf(run: () => Promise<unknown>): Promise<number> {
  try {
    await run()
    return 200
  } catch (error) {
    if (error instanceof HttpError) return error.status
    throw error
  }
}

describe(`buyer addresses (${usingPostgres() ? 'PostgreSQL' : 'PGlite'})`, () => {
  let db: Db

  beforeAll(async () => {
    ;({ db } = await openAuthTestDatabase())
  })
  afterAll(closeAuthTestDatabase)
  beforeEach(() => setClock(null))

  async function buyer(): Promise<AuthContext> {
    const user = await createUser(db)
    const session = await signInAs(db, user.id)
    return (await authenticateAccessToken(db, session.accessToken, 'cookie'))!
  }

  const defaults = async (auth: AuthContext) =>
    (await listAddresses(db, auth)).filter((a) => a.is_default).map((a) => a.id)

  it('creates, lists, updates and deletes, with postal code and phone normalised', async () => {
    const auth = await buyer()
    const created = await createAddress(db, auth, input())
    expect(created).toMatchObject({
      postal_code: '1234567890',
      receiver_phone: '+989123456789',
      is_default: true,
    })
    expect(await listAddresses(db, auth)).toEqual([created])
    const updated = await updateAddress(db, auth, {
      address_id: created.id,
      ...input({ title: 'Office', postal_code: '98765 43210', receiver_phone: '+98 912 000 1111' }),
    })
    expect(updated).toMatchObject({
      title: 'Office',
      postal_code: '9876543210',
      receiver_phone: '+989120001111',
    })
    expect(await getAddress(db, auth, { address_id: created.id })).toEqual(updated)
    expect(await deleteAddress(db, auth, { address_id: created.id })).toEqual({
      deleted_id: created.id,
      default_id: null,
    })
    expect(await listAddresses(db, auth)).toEqual([])
  })

  it('says what is wrong with each field', () => {
    const blank = Object.fromEntries(Object.keys(home).map((key) => [key, '  ']))
    expect(messages(blank)).toEqual({
      title: REQUIRED(),
      province: REQUIRED(),
      city: REQUIRED(),
      street: REQUIRED(),
      postal_code: REQUIRED(),
      receiver_name: REQUIRED(),
      receiver_phone: REQUIRED(),
    })
    expect(
      messages({
        title: 'H',
        province: 'T',
        city: 'x'.repeat(51),
        street: 'No 4',
        postal_code: '123456789',
        receiver_name: 'S',
        receiver_phone: '12345',
        is_default: 'maybe',
      }),
    ).toEqual({
      title: 'Title must be at least 2 characters',
      province: 'Province must be at least 2 characters',
      city: 'City must be at most 50 characters',
      street: 'Street address must be at least 5 characters',
      postal_code: POSTAL_CODE_MESSAGE(),
      receiver_name: 'Receiver name must be at least 2 characters',
      receiver_phone: INVALID_MOBILE(),
      is_default: 'Choose yes or no',
    })
    expect(messages({ ...home, postal_code: '12345678901' })).toEqual({ postal_code: POSTAL_CODE_MESSAGE() })
    expect(messages({ ...home, postal_code: '12345abcde' })).toEqual({ postal_code: POSTAL_CODE_MESSAGE() })
    expect(messages({ ...home, receiver_phone: '+44 7700 900123' }).receiver_phone).toMatch(/\+98/)
  })

  it('answers 404 for another user’s address and changes nothing', async () => {
    const owner = await buyer()
    const other = await buyer()
    const mine = await createAddress(db, owner, input())
    const second = await createAddress(db, owner, input({ title: 'Office' }))
    const id = { address_id: second.id }
    expect(await statusOf(() => getAddress(db, other, id))).toBe(404)
    expect(await statusOf(() => updateAddress(db, other, { ...id, ...input({ title: 'Stolen' }) }))).toBe(404)
    expect(await statusOf(() => setDefaultAddress(db, other, id))).toBe(404)
    expect(await statusOf(() => deleteAddress(db, other, id))).toBe(404)
    expect(await listAddresses(db, other)).toEqual([])
    expect(await listAddresses(db, owner)).toEqual([mine, second])
    expect(await statusOf(() => getAddress(db, owner, { address_id: 999_999 }))).toBe(404)
  })

  it('keeps exactly one default: first, switching, and promotion on delete', async () => {
    const auth = await buyer()
    const first = await createAddress(db, auth, input({ title: 'First' }))
    const second = await createAddress(db, auth, input({ title: 'Second' }))
    const third = await createAddress(db, auth, input({ title: 'Third' }))
    expect(first.is_default).toBe(true)
    expect(second.is_default).toBe(false)
    expect(await defaults(auth)).toEqual([first.id])

    await setDefaultAddress(db, auth, { address_id: second.id })
    expect(await defaults(auth)).toEqual([second.id])
    // Unticking the default on the default address leaves it the default.
    await updateAddress(db, auth, { address_id: second.id, ...input({ title: 'Second', is_default: false }) })
    expect(await defaults(auth)).toEqual([second.id])
    // Ticking it on another moves it.
    await updateAddress(db, auth, { address_id: first.id, ...input({ title: 'First', is_default: 'true' }) })
    expect(await defaults(auth)).toEqual([first.id])
    const fourth = await createAddress(db, auth, input({ title: 'Fourth', is_default: true }))
    expect(await defaults(auth)).toEqual([fourth.id])
    expect((await listAddresses(db, auth))[0]!.id).toBe(fourth.id)

    // Deleting the default promotes the most recent remaining one.
    expect(await deleteAddress(db, auth, { address_id: fourth.id })).toEqual({
      deleted_id: fourth.id,
      default_id: third.id,
    })
    expect(await defaults(auth)).toEqual([third.id])
    // Deleting another keeps the default where it is.
    await deleteAddress(db, auth, { address_id: first.id })
    expect(await defaults(auth)).toEqual([third.id])
  })

  it('refuses a second default at the database level', async () => {
    const auth = await buyer()
    const a = await createAddress(db, auth, input())
    await createAddress(db, auth, input({ title: 'Office' }))
    await expect(
      db
        .update(addresses)
        .set({ isDefault: true })
        .where(and(eq(addresses.userId, auth.user.id), eq(addresses.isDefault, false))),
    ).rejects.toThrow()
    expect(await defaults(auth)).toEqual([a.id])
  })

  it(`caps a user at ${MAX_ADDRESSES} addresses with a 422`, async () => {
    const auth = await buyer()
    for (let i = 0; i < MAX_ADDRESSES; i++) await createAddress(db, auth, input({ title: `Place ${i + 1}` }))
    const error = await createAddress(db, auth, input({ title: 'One more' })).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(HttpError)
    expect(error).toMatchObject({ status: 422, message: TOO_MANY_ADDRESSES() })
    expect(await listAddresses(db, auth)).toHaveLength(MAX_ADDRESSES)
  })
})
