import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { and, asc, desc, eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createProductWithSku } from '~/features/stores/product-authoring.server'
import { updateProductPhotos } from '~/features/stores/product-photo-edit.server'
import { offerExistingProduct } from '~/features/stores/store-products.server'
import { createStore as createStoreOp } from '~/features/stores/stores.server'
import type { AuthContext } from '~/server/auth/session.server'
import type { Db } from '~/server/db/client.server'
import { auditEvents, productListings, productPhotos } from '~/server/db/schema'
import { HttpError } from '~/server/http/api-errors.server'
import type { UploadedFile } from '~/server/http/multipart.server'
import { localDiskStorage, type MediaStorage } from '~/server/providers/storage/storage.server'
import { createCategory, createSeller, createUser } from '../factories/create'
import { usingPostgres } from '../support/test-database'
import { closeAuthTestDatabase, createRoleUsers, openAuthTestDatabase, type RoleUsers } from './auth-fixtures'
import { authOf } from './tickets-fixtures'

/** Issue #15: a product's photos after it was created — reorder, remove, add, by its maintainer only. */

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

const png = async (name: string, colour: string): Promise<UploadedFile> => ({
  name: `${name}.png`,
  bytes: new Uint8Array(
    await sharp({ create: { width: 400, height: 300, channels: 3, background: colour } })
      .png()
      .toBuffer(),
  ),
})

const filesIn = (root: string): string[] =>
  readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(root.length + 1))

describe(`editing a product's photos (${usingPostgres() ? 'PostgreSQL' : 'PGlite'})`, () => {
  let db: Db
  let roles: RoleUsers
  let owner: AuthContext
  let observer: AuthContext
  let otherOwner: AuthContext
  let stranger: AuthContext
  let categoryId: number
  let root: string
  let storage: MediaStorage
  let n = 0

  beforeAll(async () => {
    ;({ db } = await openAuthTestDatabase())
    roles = await createRoleUsers(db)
    owner = await authOf(db, roles.approvedSeller.id)
    observer = await authOf(db, roles.observer.id)
    for (const which of ['other', 'stranger'] as const) {
      const user = await createUser(db, { isSeller: true })
      await createSeller(db, { owner: user })
      if (which === 'other') otherOwner = await authOf(db, user.id)
      else stranger = await authOf(db, user.id)
    }
    categoryId = (await createCategory(db)).id
    root = mkdtempSync(join(tmpdir(), 'omdeh-photo-edit-'))
    storage = localDiskStorage(root)
  })
  afterAll(async () => {
    rmSync(root, { recursive: true, force: true })
    await closeAuthTestDatabase()
  })

  const storeOf = (auth: AuthContext) =>
    createStoreOp(db, auth, {
      name: `Photo store ${++n}`,
      slug: `photo-store-${Date.now().toString(36)}-${n}`,
      description: '',
      city: 'Yazd',
      pickupAddress: '',
      pickupHours: '',
      status: 'active',
    })

  /** A product of the owner's with photos a, b, c (in that order). */
  async function productWithPhotos() {
    const store = await storeOf(owner)
    const created = await createProductWithSku(
      db,
      owner,
      {
        storeId: store.id,
        product: {
          name: `Dried figs ${++n}`,
          categoryId,
          brandId: null,
          unit: 'box of 5 kg',
          description: '',
          attributes: [],
        },
        sku: '',
        piecesPerPack: 1,
        alwaysAvailable: false,
        stock: 10,
        tiers: [{ unitPrice: 500_000, offerPrice: 0, minQuantity: 1 }],
      },
      [await png('a', '#c0392b'), await png('b', '#27ae60'), await png('c', '#2980b9')],
      storage,
    )
    return { productId: created.productId, urls: await photoUrls(created.productId) }
  }
  const photoUrls = async (productId: number) =>
    (
      await db
        .select({ url: productPhotos.url })
        .from(productPhotos)
        .where(eq(productPhotos.productId, productId))
        .orderBy(asc(productPhotos.position))
    ).map((p) => p.url)
  const listingImage = async (productId: number) =>
    (await db.select().from(productListings).where(eq(productListings.productId, productId)))[0]?.image
  const keyOf = (url: string) => url.slice('/media/'.length)

  it('reorders, removes and adds in one save: the new first photo is the listing image, removed files go', async () => {
    const { productId, urls } = await productWithPhotos()
    const [a, b, c] = urls as [string, string, string]
    expect(await listingImage(productId)).toBe(a)
    const result = await updateProductPhotos(
      db,
      owner,
      { productId, order: [c, { file: 0 }, a] },
      [await png('d', '#8e44ad')],
      storage,
    )
    const after = await photoUrls(productId)
    expect(after).toEqual(result.photos.map((p) => p.url))
    expect(after[0]).toBe(c)
    expect(after[1]).toMatch(/^\/media\/products\/u-[0-9a-f]{24}-1536\.webp$/)
    expect(after[2]).toBe(a)
    expect(result.photos[1]!.alt).toBe('d')
    expect(await listingImage(productId)).toBe(c)
    // b is gone from the storage, every width of it; the new one is stored.
    expect(await storage.get(keyOf(b))).toBeNull()
    expect(filesIn(root).some((file) => file.startsWith(keyOf(b).replace(/-1536\.webp$/, '')))).toBe(false)
    expect(await storage.get(keyOf(after[1]!))).not.toBeNull()
    const [event] = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'product.photos'), eq(auditEvents.recordId, String(productId))))
      .orderBy(desc(auditEvents.id))
    expect(event!.changes.photos).toEqual({ before: urls, after })
  })

  it('removing every photo leaves the product without one, and the listing without an image', async () => {
    const { productId } = await productWithPhotos()
    await updateProductPhotos(db, owner, { productId, order: [] }, [], storage)
    expect(await photoUrls(productId)).toEqual([])
    expect(await listingImage(productId)).toBeFalsy()
  })

  it('only the maintainer: a seller who only offers it 403, anyone else 404, observers refused, nothing written', async () => {
    const { productId, urls } = await productWithPhotos()
    const otherStore = await storeOf(otherOwner)
    await offerExistingProduct(db, otherOwner, {
      storeId: otherStore.id,
      productId,
      sku: '',
      piecesPerPack: 1,
      alwaysAvailable: false,
      stock: 5,
      tiers: [{ unitPrice: 450_000, offerPrice: 0, minQuantity: 1 }],
    })
    const files = filesIn(root)
    const attempt = (auth: AuthContext) =>
      failure(async () =>
        updateProductPhotos(db, auth, { productId, order: [{ file: 0 }] }, [await png('x', '#000')], storage),
      )
    expect((await attempt(otherOwner)).status).toBe(403)
    expect((await attempt(stranger)).status).toBe(404)
    expect((await attempt(observer)).status).toBe(403)
    expect(await photoUrls(productId)).toEqual(urls)
    expect(filesIn(root)).toEqual(files)
  })

  it('refuses a photo it does not hold (another tab changed them), a bad file, or more than eight; nothing changes', async () => {
    const { productId, urls } = await productWithPhotos()
    const files = filesIn(root)
    // A url that is not this product's photo: the page is stale.
    expect(
      await failure(() =>
        updateProductPhotos(db, owner, { productId, order: ['/media/products/x.webp'] }, [], storage),
      ),
    ).toMatchObject({ status: 409 })
    // A text file named .png: 422 on photos, naming it.
    const fake = { name: 'fake.png', bytes: new TextEncoder().encode('not an image') }
    expect(
      await failure(() =>
        updateProductPhotos(db, owner, { productId, order: [...urls, { file: 0 }] }, [fake], storage),
      ),
    ).toMatchObject({ status: 422, fields: ['photos'] })
    // Files and their places must match one to one.
    const extra = await png('y', '#111')
    expect(
      await failure(() => updateProductPhotos(db, owner, { productId, order: urls }, [extra], storage)),
    ).toMatchObject({ status: 422, fields: ['order'] })
    expect(
      await failure(() =>
        updateProductPhotos(db, owner, { productId, order: [urls[0]!, urls[0]!] }, [], storage),
      ),
    ).toMatchObject({ status: 422, fields: ['order'] })
    // Six new ones on top of three: nine.
    const six = await Promise.all([0, 1, 2, 3, 4, 5].map((i) => png(`n${i}`, '#444')))
    expect(
      await failure(() =>
        updateProductPhotos(
          db,
          owner,
          { productId, order: [...urls, ...six.map((_, file) => ({ file }))] },
          six,
          storage,
        ),
      ),
    ).toMatchObject({ status: 422, fields: ['photos'] })
    expect(await photoUrls(productId)).toEqual(urls)
    expect(filesIn(root)).toEqual(files)
  })
})
