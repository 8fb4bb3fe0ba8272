import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { and, eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LOGO_IMAGES, photosFromFormData } from '~/server/images/photos.server'
import { createStore, deleteStore, getStore, updateStore } from '~/features/stores/stores.server'
import type { StoreFields } from '~/features/stores/stores.schemas'
import { MAX_PHOTO_BYTES } from '~/lib/photo-limits'
import type { AuthContext } from '~/server/auth/session.server'
import type { Db } from '~/server/db/client.server'
import { auditEvents, stores } from '~/server/db/schema'
import { HttpError } from '~/server/http/api-errors.server'
import type { UploadedFile } from '~/server/http/multipart.server'
import {
  isPublicMediaKey,
  localDiskStorage,
  type MediaStorage,
} from '~/server/providers/storage/storage.server'
import { createSeller, createUser } from '../factories/create'
import { usingPostgres } from '../support/test-database'
import { closeAuthTestDatabase, createRoleUsers, openAuthTestDatabase, type RoleUsers } from './auth-fixtures'
import { authOf, statusOf } from './tickets-fixtures'

async function failure(run: () => Promise<unknown>) {
  try {
    await run()
  } catch (error) {
    if (error instanceof HttpError)
      return { status: error.status, fields: Object.keys(error.fieldErrors ?? {}), message: error.message }
    throw error
  }
  throw new Error('expected the operation to be refused')
}

const png = async (width: number, colour = '#c0392b'): Promise<UploadedFile> => ({
  name: `logo-${width}.png`,
  bytes: new Uint8Array(
    await sharp({ create: { width, height: width, channels: 3, background: colour } })
      .png()
      .toBuffer(),
  ),
})

let n = 0
const storeFields = (overrides: Partial<StoreFields> = {}): StoreFields => ({
  name: `Logo Bazaar ${++n}`,
  slug: `logo-bazaar-${Date.now().toString(36)}-${n}`,
  description: '',
  city: 'Tehran',
  pickupAddress: '',
  pickupHours: '',
  status: 'active',
  ...overrides,
})

/** Every file under the storage root (relative paths). */
const filesIn = (root: string): string[] =>
  readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(root.length + 1))

describe(`store logos (${usingPostgres() ? 'PostgreSQL' : 'PGlite'})`, () => {
  let db: Db
  let roles: RoleUsers
  let owner: AuthContext
  let observer: AuthContext
  let otherOwner: AuthContext
  let root: string
  let storage: MediaStorage

  beforeAll(async () => {
    ;({ db } = await openAuthTestDatabase())
    roles = await createRoleUsers(db)
    owner = await authOf(db, roles.approvedSeller.id)
    observer = await authOf(db, roles.observer.id)
    const otherUser = await createUser(db, { isSeller: true })
    await createSeller(db, { owner: otherUser })
    otherOwner = await authOf(db, otherUser.id)
    root = mkdtempSync(join(tmpdir(), 'omdeh-logos-'))
    storage = localDiskStorage(root)
  })
  afterAll(async () => {
    rmSync(root, { recursive: true, force: true })
    await closeAuthTestDatabase()
  })

  const logoOf = async (storeId: number) =>
    (await db.select({ logo: stores.logo }).from(stores).where(eq(stores.id, storeId)))[0]!.logo
  const keyOf = (url: string) => url.slice('/media/'.length)

  it('stores a PNG logo as a 512 px webp that the logo url serves, recorded in the audit event', async () => {
    const store = await createStore(db, owner, storeFields(), [await png(900)], storage)
    const logo = await logoOf(store.id)
    expect(logo).toMatch(/^\/media\/stores\/u-[0-9a-f]{24}-512\.webp$/)
    expect(isPublicMediaKey(keyOf(logo!))).toBe(true)
    const served = (await storage.get(keyOf(logo!)))!.body
    expect(await sharp(served).metadata()).toMatchObject({ format: 'webp', width: 512, height: 512 })
    expect((await getStore(db, owner, store.id)).logo).toBe(logo)
    const [event] = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.recordType, 'store'), eq(auditEvents.recordId, String(store.id))))
    expect(event!.changes.logo).toEqual({ before: null, after: logo })
  })

  it('refuses a text file renamed .png with a 422 on logo, and writes nothing', async () => {
    const before = filesIn(root)
    const fake = { name: 'logo.png', bytes: new TextEncoder().encode('not an image at all, just words') }
    expect(await failure(() => createStore(db, owner, storeFields(), [fake], storage))).toEqual({
      status: 422,
      fields: ['logo'],
      message: 'logo: the logo must be a jpeg, png or webp image',
    })
    const store = await createStore(db, owner, storeFields(), [], storage)
    expect(
      await failure(() => updateStore(db, owner, { storeId: store.id, ...storeFields() }, [fake], storage)),
    ).toMatchObject({ status: 422, fields: ['logo'] })
    expect(filesIn(root)).toEqual(before)
    expect(await logoOf(store.id)).toBeNull()
    // Two files, or one past 8 MB, are refused before their bytes are read.
    const two = new FormData()
    const real = await png(50)
    for (const name of ['a.png', 'b.png']) two.append('logo', new File([real.bytes as BlobPart], name))
    expect(await failure(() => photosFromFormData(two, LOGO_IMAGES))).toMatchObject({
      status: 422,
      fields: ['logo'],
    })
    const big = new FormData()
    big.append('logo', new File([new Uint8Array(MAX_PHOTO_BYTES + 1)], 'huge.png'))
    expect(await failure(() => photosFromFormData(big, LOGO_IMAGES))).toMatchObject({
      status: 422,
      fields: ['logo'],
      message: 'The logo must be at most 8 MB',
    })
  })

  it('replaces a logo and removes the old file once saved; Remove logo clears it and its file', async () => {
    const fields = storeFields()
    const store = await createStore(db, owner, fields, [await png(300)], storage)
    const first = (await logoOf(store.id))!
    await updateStore(db, owner, { storeId: store.id, ...fields }, [await png(200, '#2980b9')], storage)
    const second = (await logoOf(store.id))!
    expect(second).not.toBe(first)
    expect(await storage.get(keyOf(first))).toBeNull()
    expect((await sharp((await storage.get(keyOf(second)))!.body).metadata()).width).toBe(200)
    // Saving without a file keeps the logo.
    await updateStore(db, owner, { storeId: store.id, ...fields, name: 'Renamed' }, [], storage)
    expect(await logoOf(store.id)).toBe(second)
    // A failed save (a taken slug) keeps the old logo and removes the new file.
    const taken = await createStore(db, owner, storeFields(), [], storage)
    const [takenSlug] = await db.select({ slug: stores.slug }).from(stores).where(eq(stores.id, taken.id))
    const before = filesIn(root)
    const third = [await png(100)]
    expect(
      await failure(() =>
        updateStore(db, owner, { storeId: store.id, ...fields, slug: takenSlug!.slug }, third, storage),
      ),
    ).toMatchObject({ status: 409, fields: ['slug'] })
    expect(filesIn(root)).toEqual(before)
    expect(await logoOf(store.id)).toBe(second)
    await updateStore(db, owner, { storeId: store.id, ...fields, removeLogo: true }, [], storage)
    expect(await logoOf(store.id)).toBeNull()
    expect(await storage.get(keyOf(second))).toBeNull()
  })

  it('deleting a store removes its logo files; a refused delete keeps them', async () => {
    const store = await createStore(db, owner, storeFields(), [await png(300, '#8e44ad')], storage)
    const logo = (await logoOf(store.id))!
    // Every size of the logo shares the key's stem.
    const stem = keyOf(logo).replace(/-\d+\.webp$/, '')
    const logoFiles = () => filesIn(root).filter((file) => file.startsWith(stem))
    expect(logoFiles().length).toBeGreaterThan(0)
    // Another seller cannot delete it, and the file stays.
    expect(await failure(() => deleteStore(db, otherOwner, store.id, storage))).toMatchObject({ status: 404 })
    expect(logoFiles().length).toBeGreaterThan(0)
    await deleteStore(db, owner, store.id, storage)
    expect(await db.select().from(stores).where(eq(stores.id, store.id))).toEqual([])
    expect(logoFiles()).toEqual([])
  })

  it('lets only the owner change a logo: observers 403, another seller 404, nothing written', async () => {
    const fields = storeFields()
    const store = await createStore(db, owner, fields, [await png(100)], storage)
    const logo = await logoOf(store.id)
    const before = filesIn(root)
    const logoFile = [await png(120)]
    expect(await statusOf(() => createStore(db, observer, storeFields(), logoFile, storage))).toBe(403)
    expect(
      await statusOf(() => updateStore(db, observer, { storeId: store.id, ...fields }, logoFile, storage)),
    ).toBe(403)
    expect(
      await statusOf(() =>
        updateStore(db, observer, { storeId: store.id, ...fields, removeLogo: true }, [], storage),
      ),
    ).toBe(403)
    expect(
      await statusOf(() => updateStore(db, otherOwner, { storeId: store.id, ...fields }, logoFile, storage)),
    ).toBe(404)
    expect(await statusOf(() => createStore(db, null, storeFields(), logoFile, storage))).toBe(401)
    expect(filesIn(root)).toEqual(before)
    expect(await logoOf(store.id)).toBe(logo)
  })
})
