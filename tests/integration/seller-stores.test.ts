import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { getProductDetail } from '~/features/catalog/catalog-product.server'
import { createProductWithSku, updateProduct } from '~/features/stores/product-authoring.server'
import { offerExistingProduct, updateSku } from '~/features/stores/store-products.server'
import {
  createStore as createStoreOp,
  deleteStore,
  getStore,
  listStores,
  setStoreStatus,
  updateStore,
} from '~/features/stores/stores.server'
import type { SkuFields, StoreFields } from '~/features/stores/stores.schemas'
import type { AuthContext } from '~/server/auth/session.server'
import type { Db } from '~/server/db/client.server'
import { auditEvents, productListings, products, skus } from '~/server/db/schema'
import { HttpError } from '~/server/http/api-errors.server'
import {
  createCategory,
  createProduct,
  createSeller,
  createSku,
  createStore,
  createUser,
} from '../factories/create'
import { createPendingOrder } from '../factories/orders'
import { usingPostgres } from '../support/test-database'
import { closeAuthTestDatabase, createRoleUsers, openAuthTestDatabase, type RoleUsers } from './auth-fixtures'
import { authOf, statusOf } from './tickets-fixtures'

async function failure(run: () => Promise<unknown>): Promise<{ status: number; fields: string[] }> {
  try {
    await run()
  } catch (error) {
    if (error instanceof HttpError)
      return { status: error.status, fields: Object.keys(error.fieldErrors ?? {}) }
    throw error
  }
  throw new Error('expected the operation to be refused')
}

let n = 0
const storeFields = (overrides: Partial<StoreFields> = {}): StoreFields => ({
  name: `Bazaar ${++n}`,
  slug: `bazaar-${Date.now().toString(36)}-${n}`,
  description: 'Wholesale goods',
  city: 'Tehran',
  pickupAddress: 'No. 4, Bazaar St',
  pickupHours: 'Sat–Wed 9–17',
  status: 'active',
  ...overrides,
})
const skuFields = (overrides: Partial<SkuFields> = {}): SkuFields => ({
  sku: '',
  piecesPerPack: 12,
  alwaysAvailable: false,
  stock: 40,
  tiers: [
    { unitPrice: 1_200_000, offerPrice: 0, minQuantity: 1 },
    { unitPrice: 1_100_000, offerPrice: 0, minQuantity: 10 },
  ],
  ...overrides,
})

describe(`seller stores and offers (${usingPostgres() ? 'PostgreSQL' : 'PGlite'})`, () => {
  let db: Db
  let roles: RoleUsers
  let owner: AuthContext
  let observer: AuthContext
  let buyer: AuthContext
  let pending: AuthContext
  let otherOwner: AuthContext
  let categoryId: number

  beforeAll(async () => {
    ;({ db } = await openAuthTestDatabase())
    roles = await createRoleUsers(db)
    owner = await authOf(db, roles.approvedSeller.id)
    observer = await authOf(db, roles.observer.id)
    buyer = await authOf(db, roles.buyer.id)
    pending = await authOf(db, roles.pendingSeller.id)
    const otherUser = await createUser(db, { isSeller: true })
    await createSeller(db, { owner: otherUser })
    otherOwner = await authOf(db, otherUser.id)
    categoryId = (await createCategory(db)).id
  })
  afterAll(closeAuthTestDatabase)

  const listingOf = async (productId: number) =>
    (await db.select().from(productListings).where(eq(productListings.productId, productId)))[0]
  const auditOf = (recordType: string, recordId: number) =>
    db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.recordType, recordType), eq(auditEvents.recordId, String(recordId))))
      .orderBy(auditEvents.id)

  it('lets the owner create a store, recorded in the audit trail; a taken slug is a 409 on slug', async () => {
    const fields = storeFields()
    const store = await createStoreOp(db, owner, fields)
    expect((await listStores(db, observer)).map((s) => s.id)).toContain(store.id)
    const [event] = await auditOf('store', store.id)
    expect(event).toMatchObject({ action: 'store.create', actorUserId: roles.approvedSeller.id })
    expect(event!.changes.slug).toEqual({ before: null, after: fields.slug })
    expect(await failure(() => createStoreOp(db, otherOwner, storeFields({ slug: fields.slug })))).toEqual({
      status: 409,
      fields: ['slug'],
    })
  })

  it('refuses guests, buyers, pending sellers and observers on writes, and hides stores from other sellers', async () => {
    const store = await createStoreOp(db, owner, storeFields())
    expect(await statusOf(() => createStoreOp(db, null, storeFields()))).toBe(401)
    expect(await statusOf(() => createStoreOp(db, buyer, storeFields()))).toBe(403)
    expect(await statusOf(() => createStoreOp(db, pending, storeFields()))).toBe(403)
    expect(await statusOf(() => createStoreOp(db, observer, storeFields()))).toBe(403)
    expect(await statusOf(() => getStore(db, observer, store.id))).toBe(200)
    expect(await statusOf(() => getStore(db, otherOwner, store.id))).toBe(404)
    expect(await statusOf(() => updateStore(db, otherOwner, { storeId: store.id, ...storeFields() }))).toBe(
      404,
    )
    expect(
      await statusOf(() => setStoreStatus(db, otherOwner, { storeId: store.id, status: 'inactive' })),
    ).toBe(404)
    expect(await statusOf(() => deleteStore(db, otherOwner, store.id))).toBe(404)
    expect(
      await statusOf(() =>
        offerExistingProduct(db, otherOwner, { storeId: store.id, productId: 1, ...skuFields() }),
      ),
    ).toBe(404)
  })

  it('offers an existing product: listed at once under the store, with the SKU audited; not twice', async () => {
    const store = await createStoreOp(db, owner, storeFields())
    const product = await createProduct(db, { category: { id: categoryId } })
    const { skuId } = await offerExistingProduct(db, owner, {
      storeId: store.id,
      productId: product.id,
      ...skuFields(),
    })
    const listing = await listingOf(product.id)
    expect(listing?.storeIds).toContain(store.id)
    expect(listing?.price).toBe(1_200_000)
    const [sku] = await db.select().from(skus).where(eq(skus.id, skuId))
    expect(sku).toMatchObject({ remainingQuantity: 40, piecesPerPack: 12 })
    const [event] = await auditOf('sku', skuId)
    expect(event!.action).toBe('sku.create')
    expect(event!.changes.sku!.after).toBe(sku!.sku)
    expect(
      await failure(() =>
        offerExistingProduct(db, owner, { storeId: store.id, productId: product.id, ...skuFields() }),
      ),
    ).toEqual({ status: 409, fields: ['productId'] })
  })

  it('checks tiers per field and writes nothing when they break the rules', async () => {
    const store = await createStoreOp(db, owner, storeFields())
    const product = await createProduct(db, { category: { id: categoryId } })
    const dearer = skuFields({
      tiers: [
        { unitPrice: 1_000, offerPrice: 0, minQuantity: 1 },
        { unitPrice: 2_000, offerPrice: 0, minQuantity: 5 },
      ],
    })
    expect(
      await failure(() =>
        offerExistingProduct(db, owner, { storeId: store.id, productId: product.id, ...dearer }),
      ),
    ).toEqual({
      status: 422,
      fields: ['tiers.1.unitPrice'],
    })
    expect(await db.select().from(skus).where(eq(skus.storeId, store.id))).toHaveLength(0)
  })

  it('creates a new product with its SKU; the seller who created it edits it and the listing follows', async () => {
    const store = await createStoreOp(db, owner, storeFields())
    const created = await createProductWithSku(db, owner, {
      storeId: store.id,
      product: {
        name: 'Saffron threads 10 g',
        categoryId,
        brandId: null,
        unit: 'box of 10',
        description: 'Grade one',
        attributes: [{ key: 'Origin', value: 'Mashhad' }],
      },
      ...skuFields({ sku: `SAF-${Date.now()}` }),
    })
    expect((await listingOf(created.productId))?.name).toBe('Saffron threads 10 g')
    expect((await auditOf('product', created.productId))[0]!.action).toBe('product.create')

    const edit = {
      productId: created.productId,
      name: 'Saffron threads 10 g, premium',
      categoryId,
      brandId: null,
      unit: 'box of 10',
      description: 'Grade one',
      attributes: [{ key: 'Origin', value: 'Qaen' }],
    }
    expect(await statusOf(() => updateProduct(db, observer, edit))).toBe(403)
    expect(await statusOf(() => updateProduct(db, otherOwner, edit))).toBe(404)
    await updateProduct(db, owner, edit)
    expect((await listingOf(created.productId))?.name).toBe('Saffron threads 10 g, premium')
    const events = await auditOf('product', created.productId)
    expect(events.at(-1)!.changes).toEqual({
      name: { before: 'Saffron threads 10 g', after: 'Saffron threads 10 g, premium' },
      attributes: {
        before: [{ key: 'Origin', value: 'Mashhad' }],
        after: [{ key: 'Origin', value: 'Qaen' }],
      },
    })
  })

  it('keeps products of other creators read-only to a seller who only offers them', async () => {
    const store = await createStoreOp(db, owner, storeFields())
    const product = await createProduct(db, { category: { id: categoryId } })
    await offerExistingProduct(db, owner, { storeId: store.id, productId: product.id, ...skuFields() })
    const edit = {
      productId: product.id,
      name: 'Renamed',
      categoryId,
      brandId: null,
      unit: 'u',
      description: '',
      attributes: [],
    }
    expect(await statusOf(() => updateProduct(db, owner, edit))).toBe(403)
    expect((await db.select().from(products).where(eq(products.id, product.id)))[0]!.name).toBe(product.name)
  })

  it('pausing a store takes its offers out of the listing at once, and activating brings them back', async () => {
    const store = await createStoreOp(db, owner, storeFields())
    const product = await createProduct(db, { category: { id: categoryId } })
    await offerExistingProduct(db, owner, { storeId: store.id, productId: product.id, ...skuFields() })
    expect(
      await statusOf(() => setStoreStatus(db, observer, { storeId: store.id, status: 'inactive' })),
    ).toBe(403)
    await setStoreStatus(db, owner, { storeId: store.id, status: 'inactive' })
    expect(await listingOf(product.id)).toBeUndefined()
    const events = await auditOf('store', store.id)
    expect(events.at(-1)).toMatchObject({
      action: 'store.pause',
      changes: { status: { before: 'active', after: 'inactive' } },
    })
    await updateStore(db, owner, {
      storeId: store.id,
      ...storeFields({ slug: (await getStore(db, owner, store.id)).slug, status: 'active' }),
    })
    expect((await listingOf(product.id))?.storeIds).toContain(store.id)
  })

  it('deactivating an SKU refreshes its listing and is audited with before and after', async () => {
    const store = await createStoreOp(db, owner, storeFields())
    const product = await createProduct(db, { category: { id: categoryId } })
    const { skuId } = await offerExistingProduct(db, owner, {
      storeId: store.id,
      productId: product.id,
      ...skuFields(),
    })
    expect(
      await statusOf(() =>
        updateSku(db, otherOwner, { skuId, piecesPerPack: 6, alwaysAvailable: true, status: 'inactive' }),
      ),
    ).toBe(404)
    await updateSku(db, owner, { skuId, piecesPerPack: 6, alwaysAvailable: true, status: 'inactive' })
    expect(await listingOf(product.id)).toBeUndefined()
    expect((await auditOf('sku', skuId)).at(-1)!.changes).toEqual({
      piecesPerPack: { before: 12, after: 6 },
      alwaysAvailable: { before: false, after: true },
      status: { before: 'active', after: 'inactive' },
    })
  })

  it('a new pack size recomputes every tier’s per-piece price, and the buyer’s product page follows', async () => {
    const store = await createStoreOp(db, owner, storeFields())
    const product = await createProduct(db, { category: { id: categoryId } })
    const { skuId } = await offerExistingProduct(db, owner, {
      storeId: store.id,
      productId: product.id,
      ...skuFields({
        piecesPerPack: 12,
        tiers: [
          { unitPrice: 1_200_000, offerPrice: 0, minQuantity: 1 },
          { unitPrice: 1_100_000, offerPrice: 1_000_000, minQuantity: 10 },
        ],
      }),
    })
    const offerOnPage = async () => {
      const detail = await getProductDetail(db, product.slug)
      return detail!.offers.find((offer) => offer.storeSlug === store.slug)!
    }
    expect((await offerOnPage()).pricePerPiece).toBe(100_000)
    await updateSku(db, owner, { skuId, piecesPerPack: 7, alwaysAvailable: false, status: 'active' })
    const offer = await offerOnPage()
    expect(offer.piecesPerPack).toBe(7)
    // 1,200,000 / 7 = 171,428.57…; the discounted tier shares its offer price: 1,000,000 / 7.
    expect(offer.pricePerPiece).toBe(171_429)
    expect(offer.tiers.map((tier) => tier.pricePerPiece)).toEqual([171_429, 142_857])
  })

  it('a store with open orders cannot be deleted, and its slug is locked once it has orders', async () => {
    const seller = { id: roles.approvedSeller.sellerId }
    const store = await createStore(db, { seller })
    const sku = await createSku(db, { store })
    await createPendingOrder(db, { seller, lines: [{ sku, quantity: 1 }] })
    expect(await failure(() => deleteStore(db, owner, store.id))).toEqual({ status: 409, fields: [] })
    expect(
      await failure(() =>
        updateStore(db, owner, { storeId: store.id, ...storeFields({ slug: 'new-address-here' }) }),
      ),
    ).toEqual({ status: 422, fields: ['slug'] })
    const empty = await createStoreOp(db, owner, storeFields())
    await deleteStore(db, owner, empty.id)
    expect((await auditOf('store', empty.id)).at(-1)!.action).toBe('store.delete')
  })

  it('gives one of two concurrent offers with the same SKU code a 409 on the sku field', async () => {
    const store = await createStoreOp(db, owner, storeFields())
    const [a, b] = [
      await createProduct(db, { category: { id: categoryId } }),
      await createProduct(db, { category: { id: categoryId } }),
    ]
    const code = `RACE-${Date.now()}`
    const results = await Promise.allSettled([
      offerExistingProduct(db, owner, { storeId: store.id, productId: a.id, ...skuFields({ sku: code }) }),
      offerExistingProduct(db, owner, { storeId: store.id, productId: b.id, ...skuFields({ sku: code }) }),
    ])
    const refused = results.filter((r) => r.status === 'rejected')
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
    expect(refused).toHaveLength(1)
    const reason = (refused[0] as PromiseRejectedResult).reason as HttpError
    expect(reason.status).toBe(409)
    expect(Object.keys(reason.fieldErrors ?? {})).toEqual(['sku'])
    expect(await db.select().from(skus).where(eq(skus.sku, code))).toHaveLength(1)
  })
})
