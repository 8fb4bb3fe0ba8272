import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { and, eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  createProductWithSku,
  productFormChoices,
  skuForEdit,
  updateProduct,
} from '~/features/stores/product-authoring.server'
import { MAX_PHOTO_BYTES } from '~/lib/photo-limits'
import { photosFromFormData, PHOTO_WIDTHS } from '~/server/images/photos.server'
import { similarProducts } from '~/features/stores/store-products-read.server'
import { offerExistingProduct } from '~/features/stores/store-products.server'
import { createStore as createStoreOp } from '~/features/stores/stores.server'
import {
  CREATE_PRODUCT_JSON_FIELDS,
  createProductInput,
  type ProductFields,
  type SkuFields,
} from '~/features/stores/stores.schemas'
import type { AuthContext } from '~/server/auth/session.server'
import type { Db } from '~/server/db/client.server'
import { auditEvents, productListings, productPhotos, products } from '~/server/db/schema'
import { HttpError } from '~/server/http/api-errors.server'
import { multipart, type UploadedFile } from '~/server/http/multipart.server'
import { localDiskStorage, type MediaStorage } from '~/server/providers/storage/storage.server'
import { createCategory, createProduct, createSeller, createUser } from '../factories/create'
import { usingPostgres } from '../support/test-database'
import { closeAuthTestDatabase, createRoleUsers, openAuthTestDatabase, type RoleUsers } from './auth-fixtures'
import { authOf, statusOf } from './tickets-fixtures'

async function failure(
  run: () => Promise<unknown>,
): Promise<{ status: number; fields: string[]; message: string }> {
  try {
    await run()
  } catch (error) {
    if (error instanceof HttpError)
      return { status: error.status, fields: Object.keys(error.fieldErrors ?? {}), message: error.message }
    throw error
  }
  throw new Error('expected the operation to be refused')
}

const png = async (width: number, height: number, colour = '#c0392b'): Promise<UploadedFile> => ({
  name: `photo-${width}.png`,
  bytes: new Uint8Array(
    await sharp({ create: { width, height, channels: 3, background: colour } })
      .png()
      .toBuffer(),
  ),
})

let n = 0
const skuFields = (overrides: Partial<SkuFields> = {}): SkuFields => ({
  sku: '',
  piecesPerPack: 6,
  alwaysAvailable: false,
  stock: 25,
  tiers: [
    { unitPrice: 900_000, offerPrice: 0, minQuantity: 1 },
    { unitPrice: 850_000, offerPrice: 0, minQuantity: 12 },
  ],
  ...overrides,
})

/** Every file under the storage root (relative paths). */
const filesIn = (root: string): string[] =>
  readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(root.length + 1))

describe(`product authoring with photos (${usingPostgres() ? 'PostgreSQL' : 'PGlite'})`, () => {
  let db: Db
  let roles: RoleUsers
  let owner: AuthContext
  let observer: AuthContext
  let buyer: AuthContext
  let otherOwner: AuthContext
  let categoryId: number
  let root: string
  let storage: MediaStorage

  beforeAll(async () => {
    ;({ db } = await openAuthTestDatabase())
    roles = await createRoleUsers(db)
    owner = await authOf(db, roles.approvedSeller.id)
    observer = await authOf(db, roles.observer.id)
    buyer = await authOf(db, roles.buyer.id)
    const otherUser = await createUser(db, { isSeller: true })
    await createSeller(db, { owner: otherUser })
    otherOwner = await authOf(db, otherUser.id)
    categoryId = (await createCategory(db)).id
    root = mkdtempSync(join(tmpdir(), 'omdeh-photos-'))
    storage = localDiskStorage(root)
  })
  afterAll(async () => {
    rmSync(root, { recursive: true, force: true })
    await closeAuthTestDatabase()
  })

  const newStore = () =>
    createStoreOp(db, owner, {
      name: `Authoring ${++n}`,
      slug: `authoring-${Date.now().toString(36)}-${n}`,
      description: '',
      city: 'Tabriz',
      pickupAddress: '',
      pickupHours: '',
      status: 'active',
    })
  const productFields = (overrides: Partial<ProductFields> = {}): ProductFields => ({
    name: `Pistachio kernels ${++n}`,
    categoryId,
    brandId: null,
    unit: 'carton of 12',
    description: 'Roasted, salted',
    attributes: [{ key: 'Origin', value: 'Kerman' }],
    ...overrides,
  })

  it('creates a product with two photos: webp variants written, photos in order, the first one listed', async () => {
    const store = await newStore()
    const before = filesIn(root).length
    const created = await createProductWithSku(
      db,
      owner,
      { storeId: store.id, product: productFields(), ...skuFields() },
      [await png(2000, 1500), await png(400, 300, '#2980b9')],
      storage,
    )
    const photos = await db
      .select()
      .from(productPhotos)
      .where(eq(productPhotos.productId, created.productId))
      .orderBy(productPhotos.position)
    expect(photos.map((p) => p.position)).toEqual([0, 1])
    expect(photos[0]!.url).toMatch(/^\/media\/products\/u-[0-9a-f]{24}-1536\.webp$/)
    expect(photos[0]!.alt).toBe('photo-2000')
    expect(filesIn(root).length - before).toBe(2 * PHOTO_WIDTHS.length)
    // Resized: the big photo at 320 and 1536 px wide; the small one never enlarged.
    const key = photos[0]!.url.slice('/media/'.length)
    const stored = (await storage.get(key))!.body
    expect(await sharp(stored).metadata()).toMatchObject({ format: 'webp', width: 1536 })
    const small = (await storage.get(key.replace('-1536', '-320')))!.body
    expect((await sharp(small).metadata()).width).toBe(320)
    const second = (await storage.get(photos[1]!.url.slice('/media/'.length)))!.body
    expect((await sharp(second).metadata()).width).toBe(400)
    const [listing] = await db
      .select()
      .from(productListings)
      .where(eq(productListings.productId, created.productId))
    expect(listing?.image).toBe(photos[0]!.url)
    const [event] = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.recordType, 'product'), eq(auditEvents.recordId, String(created.productId))))
    expect(event!.changes.photos).toEqual({ before: null, after: photos.map((p) => p.url) })
  })

  it('refuses a file that is not an image whatever its name says, and writes nothing', async () => {
    const store = await newStore()
    const before = filesIn(root)
    const fake = {
      name: 'photo.png',
      bytes: new TextEncoder().encode('<html><script>alert(1)</script></html>'),
    }
    const fields = productFields()
    const real = await png(300, 300)
    expect(
      await failure(() =>
        createProductWithSku(
          db,
          owner,
          { storeId: store.id, product: fields, ...skuFields() },
          [real, fake],
          storage,
        ),
      ),
    ).toEqual({ status: 422, fields: ['photos'], message: 'photo: photos must be jpeg, png or webp images' })
    // A GIF is an image, but not one of the accepted kinds.
    const gifBytes = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .gif()
      .toBuffer()
    const gif = { name: 'anim.gif', bytes: new Uint8Array(gifBytes) }
    expect(
      (
        await failure(() =>
          createProductWithSku(
            db,
            owner,
            { storeId: store.id, product: fields, ...skuFields() },
            [gif],
            storage,
          ),
        )
      ).status,
    ).toBe(422)
    expect(filesIn(root)).toEqual(before)
    expect(await db.select().from(products).where(eq(products.name, fields.name))).toHaveLength(0)
  })

  it('enforces the count and size limits: from FormData before reading, and on the bytes', async () => {
    const store = await newStore()
    const photo = await png(50, 50)
    const nine = Array.from({ length: 9 }, () => photo)
    expect(
      await failure(() =>
        createProductWithSku(
          db,
          owner,
          { storeId: store.id, product: productFields(), ...skuFields() },
          nine,
          storage,
        ),
      ),
    ).toMatchObject({ status: 422, fields: ['photos'], message: 'Add at most 8 photos' })
    const form = new FormData()
    for (let i = 0; i < 9; i++) form.append('photos', new File([photo.bytes as BlobPart], `p${i}.png`))
    expect(await failure(() => photosFromFormData(form))).toMatchObject({ status: 422, fields: ['photos'] })
    const big = new FormData()
    big.append('photos', new File([new Uint8Array(MAX_PHOTO_BYTES + 1)], 'huge.png'))
    expect(await failure(() => photosFromFormData(big))).toMatchObject({
      status: 422,
      fields: ['photos'],
      message: 'Each photo must be at most 8 MB',
    })
  })

  it('removes the written photos when the transaction fails (a taken SKU code: 409 on sku)', async () => {
    const store = await newStore()
    const code = `TAKEN-${Date.now()}`
    await createProductWithSku(db, owner, {
      storeId: store.id,
      product: productFields(),
      ...skuFields({ sku: code }),
    })
    const before = filesIn(root)
    const photos = [await png(600, 400), await png(500, 500)]
    expect(
      await failure(() =>
        createProductWithSku(
          db,
          owner,
          { storeId: store.id, product: productFields(), ...skuFields({ sku: code }) },
          photos,
          storage,
        ),
      ),
    ).toMatchObject({ status: 409, fields: ['sku'] })
    expect(filesIn(root)).toEqual(before)
  })

  it('writes no file for a store of another seller, an observer or a buyer', async () => {
    const store = await newStore()
    const before = filesIn(root)
    const input = { storeId: store.id, product: productFields(), ...skuFields() }
    const photo = [await png(100, 100)]
    expect(await statusOf(() => createProductWithSku(db, otherOwner, input, photo, storage))).toBe(404)
    expect(await statusOf(() => createProductWithSku(db, observer, input, photo, storage))).toBe(403)
    expect(await statusOf(() => createProductWithSku(db, buyer, input, photo, storage))).toBe(403)
    expect(await statusOf(() => createProductWithSku(db, null, input, photo, storage))).toBe(401)
    expect(filesIn(root)).toEqual(before)
  })

  it('reads the multipart form: JSON fields parsed, a broken one is a 422 on that field', () => {
    const validator = multipart(createProductInput, { json: CREATE_PRODUCT_JSON_FIELDS })
    const input = { storeId: 3, product: productFields(), ...skuFields({ sku: 'AB-1' }) }
    const form = new FormData()
    for (const [key, value] of Object.entries(input))
      form.set(
        key,
        (CREATE_PRODUCT_JSON_FIELDS as readonly string[]).includes(key)
          ? JSON.stringify(value)
          : String(value),
      )
    // A product without a brand request reads back with an empty one.
    expect(validator(form).input).toEqual({ ...input, product: { ...input.product, newBrandName: '' } })
    form.set('tiers', '[{')
    let refused: unknown
    try {
      validator(form)
    } catch (error) {
      refused = error
    }
    expect(refused).toBeInstanceOf(HttpError)
    expect((refused as HttpError).fieldErrors).toEqual({ tiers: ['The form could not be read'] })
  })

  it('shows the SKU edit page to its owner and observer only; another seller gets 404', async () => {
    const store = await newStore()
    const created = await createProductWithSku(db, owner, {
      storeId: store.id,
      product: productFields(),
      ...skuFields({ sku: `EDIT-${Date.now()}` }),
    })
    const view = await skuForEdit(db, owner, created.sku)
    expect(view).toMatchObject({
      sku: { id: created.skuId, storeId: store.id, stock: 25, piecesPerPack: 6 },
      product: { id: created.productId, attributes: [{ key: 'Origin', value: 'Kerman' }] },
      canEditSku: true,
      canEditProduct: true,
      maintainedBy: 'this-seller',
    })
    expect(await skuForEdit(db, observer, created.sku)).toMatchObject({
      canEditSku: false,
      canEditProduct: false,
    })
    expect(await statusOf(() => skuForEdit(db, otherOwner, created.sku))).toBe(404)
    expect(await statusOf(() => skuForEdit(db, buyer, created.sku))).toBe(403)
    expect(await statusOf(() => skuForEdit(db, owner, 'NO-SUCH-SKU'))).toBe(404)
  })

  it('keeps a product another seller created read-only, naming who maintains it; editing it is refused', async () => {
    const otherSeller = await createSeller(db, { displayName: 'Kerman Nuts Co.' })
    const product = await createProduct(db, {
      category: { id: categoryId },
      createdBySellerId: otherSeller.id,
    })
    const store = await newStore()
    const { sku } = await offerExistingProduct(db, owner, {
      storeId: store.id,
      productId: product.id,
      ...skuFields(),
    })
    expect(await skuForEdit(db, owner, sku)).toMatchObject({
      canEditSku: true,
      canEditProduct: false,
      maintainedBy: 'another-seller',
      maintainerName: 'Kerman Nuts Co.',
    })
    const edit = { productId: product.id, ...productFields({ name: 'Not mine to rename' }) }
    expect(await failure(() => updateProduct(db, owner, edit))).toMatchObject({ status: 403 })
    expect((await db.select().from(products).where(eq(products.id, product.id)))[0]!.name).toBe(product.name)
    const platform = await createProduct(db, { category: { id: categoryId } })
    const offered = await offerExistingProduct(db, owner, {
      storeId: store.id,
      productId: platform.id,
      ...skuFields(),
    })
    expect(await skuForEdit(db, owner, offered.sku)).toMatchObject({
      maintainedBy: 'platform',
      maintainerName: null,
    })
  })

  it('gives the form its category tree and brands: sellers and observers yes, buyers no', async () => {
    const parent = await createCategory(db, { name: 'Nuts' })
    await createCategory(db, { name: 'Pistachios', parent })
    const choices = await productFormChoices(db, observer)
    expect(choices.categories).toContainEqual({ id: parent.id, name: 'Nuts', parentId: null })
    expect(choices.categories.find((c) => c.name === 'Pistachios')?.parentId).toBe(parent.id)
    expect(await statusOf(() => productFormChoices(db, buyer))).toBe(403)
    expect(await statusOf(() => productFormChoices(db, null))).toBe(401)
  })

  it('puts products on the most specific category of any depth: a category with subcategories is a 422 on the field', async () => {
    const food = await createCategory(db, { name: 'Food' })
    const drinks = await createCategory(db, { name: 'Drinks', parent: food })
    const tea = await createCategory(db, { name: 'Tea', parent: drinks })
    const store = await newStore()
    const onThirdLevel = await createProductWithSku(
      db,
      owner,
      { storeId: store.id, product: productFields({ categoryId: tea.id }), ...skuFields() },
      [],
      storage,
    )
    for (const parent of [food, drinks]) {
      const refused = await failure(() =>
        createProductWithSku(
          db,
          owner,
          { storeId: store.id, product: productFields({ categoryId: parent.id }), ...skuFields() },
          [],
          storage,
        ),
      )
      expect(refused).toMatchObject({ status: 422, fields: ['product.categoryId'] })
    }
    // The admin later splits Tea: the product keeps its category through an edit, but cannot move
    // to another category that has subcategories.
    await createCategory(db, { name: 'Green tea', parent: tea })
    await updateProduct(db, owner, {
      productId: onThirdLevel.productId,
      ...productFields({ categoryId: tea.id, name: 'Kept on Tea' }),
    })
    const [kept] = await db.select().from(products).where(eq(products.id, onThirdLevel.productId))
    expect(kept).toMatchObject({ name: 'Kept on Tea', categoryId: tea.id })
    expect(
      await failure(() =>
        updateProduct(db, owner, {
          productId: onThirdLevel.productId,
          ...productFields({ categoryId: drinks.id }),
        }),
      ),
    ).toMatchObject({ status: 422, fields: ['categoryId'] })
  })

  it('finds products with similar names before one is created, marking those this store offers', async () => {
    const store = await newStore()
    const offered = await createProduct(db, {
      category: { id: categoryId },
      name: 'Barberry dried 500 g pack',
    })
    const other = await createProduct(db, { category: { id: categoryId }, name: 'Barberry dried 1 kg pack' })
    await offerExistingProduct(db, owner, { storeId: store.id, productId: offered.id, ...skuFields() })
    const found = await similarProducts(db, observer, {
      storeId: store.id,
      name: 'Barberry dried 250 g pack',
    })
    expect(found.map((p) => [p.id, p.offeredHere])).toEqual(
      expect.arrayContaining([
        [offered.id, true],
        [other.id, false],
      ]),
    )
    expect(
      await statusOf(() => similarProducts(db, otherOwner, { storeId: store.id, name: 'Barberry' })),
    ).toBe(404)
  })
})
