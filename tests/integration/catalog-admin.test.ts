import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  approveBrand,
  createBrandByAdmin,
  listBrands,
  mergeBrands,
  rejectBrand,
  renameBrand,
} from '~/features/catalog-admin/brands-admin.server'
import {
  createCategoryByAdmin,
  deleteCategory,
  listCategoriesForAdmin,
  mergeCategory,
  moveCategory,
  reorderCategory,
} from '~/features/catalog-admin/categories-admin.server'
import {
  BRAND_REQUESTS_PENDING_LIMIT,
  CATEGORY_CYCLE,
  CATEGORY_HAS_PRODUCTS,
  MAX_PENDING_BRAND_REQUESTS,
} from '~/features/catalog-admin/catalog-admin.schemas'
import {
  adminEditProduct,
  listReviewQueue,
  reviewProduct,
} from '~/features/catalog-admin/product-review.server'
import { setCatalogCacheEnabled } from '~/features/catalog/catalog-cache.server'
import { listProducts } from '~/features/catalog/catalog-listing.server'
import { getProductDetail } from '~/features/catalog/catalog-product.server'
import { refreshProductListings } from '~/features/catalog/catalog-refresh.server'
import {
  createProductWithSku,
  productFormChoices,
  skuForEdit,
  updateProduct,
} from '~/features/stores/product-authoring.server'
import type { SkuFields } from '~/features/stores/stores.schemas'
import type { AuthContext } from '~/server/auth/session.server'
import type { Db } from '~/server/db/client.server'
import { auditEvents, brands, productListings, products } from '~/server/db/schema'
import {
  createBrand,
  createCategory,
  createProduct,
  createSeller,
  createSku,
  createStore,
  createUser,
} from '../factories/create'
import { usingPostgres } from '../support/test-database'
import { closeAuthTestDatabase, createRoleUsers, openAuthTestDatabase, type RoleUsers } from './auth-fixtures'
import { authOf, errorOf, statusOf } from './tickets-fixtures'

let seq = 0
const skuFields = (): SkuFields => ({
  sku: '',
  piecesPerPack: 1,
  alwaysAvailable: true,
  stock: 0,
  tiers: [{ unitPrice: 500_000, offerPrice: 0, minQuantity: 1 }],
})

describe(`catalogue administration (${usingPostgres() ? 'PostgreSQL' : 'PGlite'})`, () => {
  let db: Db
  let roles: RoleUsers
  let admin: AuthContext
  let seller: AuthContext
  let otherSeller: AuthContext
  let buyer: AuthContext
  let observer: AuthContext
  let storeId: number
  let otherStoreId: number
  let categoryId: number

  beforeAll(async () => {
    setCatalogCacheEnabled(false)
    ;({ db } = await openAuthTestDatabase())
    roles = await createRoleUsers(db)
    admin = await authOf(db, roles.admin.id)
    seller = await authOf(db, roles.approvedSeller.id)
    buyer = await authOf(db, roles.buyer.id)
    observer = await authOf(db, roles.observer.id)
    const otherUser = await createUser(db, { isSeller: true })
    const other = await createSeller(db, { owner: otherUser })
    otherSeller = await authOf(db, otherUser.id)
    storeId = (await createStore(db, { seller: { id: roles.approvedSeller.sellerId } })).id
    otherStoreId = (await createStore(db, { seller: other })).id
    categoryId = (await createCategory(db)).id
  })
  afterAll(async () => {
    setCatalogCacheEnabled(true)
    await closeAuthTestDatabase()
  })

  /** A product the approved seller authors through the product form's own operation. */
  async function sellerProduct(
    auth = seller,
    store = storeId,
    brand: { brandId: number | null; newBrandName?: string } = { brandId: null },
  ) {
    const name = `Saffron tin ${++seq}`
    const created = await createProductWithSku(db, auth, {
      storeId: store,
      product: { name, categoryId, ...brand, unit: 'tin', description: 'Premium saffron', attributes: [] },
      ...skuFields(),
    })
    const [row] = await db.select().from(products).where(eq(products.id, created.productId))
    return { ...created, product: row! }
  }

  const listed = async (productId: number) =>
    (await db.select().from(productListings).where(eq(productListings.productId, productId)))[0] ?? null

  describe('only admins', () => {
    it('refuses buyers, sellers and observers (403) and guests (401) on every catalogue operation', async () => {
      const brand = await createBrand(db)
      const calls = (auth: AuthContext | null) => [
        () => listBrands(db, auth, { page: 1 }),
        () => createBrandByAdmin(db, auth, { name: `Nope ${++seq}` }),
        () => renameBrand(db, auth, { brandId: brand.id, name: 'X brand', slug: 'x-brand' }),
        () => mergeBrands(db, auth, { brandId: brand.id, intoBrandId: brand.id + 1 }),
        () => approveBrand(db, auth, { brandId: brand.id }),
        () => listReviewQueue(db, auth, { page: 1 }),
        () => reviewProduct(db, auth, { productId: 1, decision: 'approve' }),
        () => listCategoriesForAdmin(db, auth),
        () => deleteCategory(db, auth, { categoryId }),
      ]
      for (const auth of [buyer, seller, observer]) {
        for (const call of calls(auth)) expect(await statusOf(call)).toBe(403)
      }
      for (const call of calls(null)) expect(await statusOf(call)).toBe(401)
      expect((await db.select().from(brands).where(eq(brands.id, brand.id)))[0]?.name).toBe(brand.name)
    })
  })

  describe('brands', () => {
    it('merges brand A into B: products move in one go, A is gone, listings show B, both audited', async () => {
      const a = await createBrand(db, { name: `Merge From ${++seq}` })
      const b = await createBrand(db, { name: `Merge Into ${seq}` })
      const store = await createStore(db, { seller: { id: roles.approvedSeller.sellerId } })
      const p1 = await createProduct(db, { category: { id: categoryId } as never, brand: a })
      const p2 = await createProduct(db, { category: { id: categoryId } as never, brand: a })
      await createSku(db, { store, product: p1 })
      await createSku(db, { store, product: p2 })
      await refreshProductListings(db, [p1.id, p2.id])
      expect((await listed(p1.id))?.brandName).toBe(a.name)

      const result = await mergeBrands(db, admin, { brandId: a.id, intoBrandId: b.id })
      expect(result.moved).toBe(2)
      expect(await db.select().from(brands).where(eq(brands.id, a.id))).toHaveLength(0)
      const moved = await db.select().from(products).where(eq(products.brandId, b.id))
      expect(moved.map((p) => p.id).sort()).toEqual([p1.id, p2.id].sort())
      expect((await listed(p1.id))?.brandName).toBe(b.name)
      expect((await listed(p2.id))?.brandId).toBe(b.id)
      // The buyer's brand filter finds them under B, and A's slug no longer filters anything.
      const underB = await listProducts(db, { brand: [b.slug] }, { facets: false })
      expect(underB.items.map((i) => i.id).sort()).toEqual([p1.id, p2.id].sort())
      const [event] = await db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.action, 'brand.merge'), eq(auditEvents.recordId, String(a.id))))
      expect(event?.actorUserId).toBe(roles.admin.id)
      expect(event?.changes).toMatchObject({
        mergedInto: { before: null, after: { id: b.id, name: b.name } },
      })
    })

    it('refuses merging a brand into itself and names the field', async () => {
      const a = await createBrand(db)
      const error = await errorOf(() => mergeBrands(db, admin, { brandId: a.id, intoBrandId: a.id }))
      expect(error.status).toBe(422)
      expect(Object.keys(error.fieldErrors ?? {})).toEqual(['intoBrandId'])
    })

    it('creates and renames brands; a taken name is a 422 on the name field', async () => {
      const { id } = await createBrandByAdmin(db, admin, { name: `Golden Tea ${++seq}` })
      const error = await errorOf(() => createBrandByAdmin(db, admin, { name: `golden tea ${seq}` }))
      expect(error.status).toBe(422)
      expect(Object.keys(error.fieldErrors ?? {})).toEqual(['name'])
      await renameBrand(db, admin, { brandId: id, name: `Golden Leaf ${seq}`, slug: `golden-leaf-${seq}` })
      const [row] = await db.select().from(brands).where(eq(brands.id, id))
      expect(row).toMatchObject({
        name: `Golden Leaf ${seq}`,
        slug: `golden-leaf-${seq}`,
        status: 'approved',
      })
    })
  })

  describe('brand requests (issue #15)', () => {
    it('a requested brand is usable at once by its seller, hidden from buyers and other sellers until approved', async () => {
      const name = `Kavir Farms ${++seq}`
      const { product } = await sellerProduct(seller, storeId, { brandId: null, newBrandName: name })
      const [brand] = await db.select().from(brands).where(eq(brands.id, product.brandId!))
      expect(brand).toMatchObject({
        name,
        status: 'pending',
        requestedBySellerId: roles.approvedSeller.sellerId,
      })
      // Live at once, without the unreviewed brand name.
      expect(await listed(product.id)).toMatchObject({ brandId: null, brandName: null })
      expect((await getProductDetail(db, product.slug))?.brand).toBeNull()
      // Offered in the seller's own brand list as pending; not in another seller's.
      const mine = await productFormChoices(db, seller)
      expect(mine.brands).toContainEqual({ id: brand!.id, name, status: 'pending' })
      const theirs = await productFormChoices(db, otherSeller)
      expect(theirs.brands.map((b) => b.id)).not.toContain(brand!.id)
      const refused = await errorOf(() => sellerProduct(otherSeller, otherStoreId, { brandId: brand!.id }))
      expect(Object.keys(refused.fieldErrors ?? {})).toEqual(['product.brandId'])
      // Asking for the same name again reuses the request instead of making another.
      const again = await sellerProduct(seller, storeId, { brandId: null, newBrandName: name.toUpperCase() })
      expect(again.product.brandId).toBe(brand!.id)

      const { items } = await listBrands(db, admin, { status: 'pending', page: 1 })
      expect(items.find((b) => b.id === brand!.id)).toMatchObject({
        products: 2,
        requestedBy: { name: expect.any(String) },
      })
      await approveBrand(db, admin, { brandId: brand!.id })
      expect(await listed(product.id)).toMatchObject({ brandId: brand!.id, brandName: name })
      expect((await getProductDetail(db, product.slug))?.brand?.name).toBe(name)
      const approvals = await db.select().from(auditEvents).where(eq(auditEvents.action, 'brand.approve'))
      expect(approvals.some((e) => e.recordId === String(brand!.id))).toBe(true)
    })

    it('rejecting a request moves its products to "no brand", deletes it and audits the reason', async () => {
      const { product } = await sellerProduct(seller, storeId, {
        brandId: null,
        newBrandName: `Fake Brand ${++seq}`,
      })
      const brandId = product.brandId!
      const result = await rejectBrand(db, admin, { brandId, reason: 'Not a real brand name' })
      expect(result.moved).toBe(1)
      const [after] = await db.select().from(products).where(eq(products.id, product.id))
      expect(after?.brandId).toBeNull()
      expect(await db.select().from(brands).where(eq(brands.id, brandId))).toHaveLength(0)
      const events = await db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.recordType, 'product'), eq(auditEvents.recordId, String(product.id))))
      const rejected = events.find((e) => e.action === 'product.brand_reject')
      expect(rejected).toMatchObject({
        reason: 'Not a real brand name',
        sellerId: roles.approvedSeller.sellerId,
      })
      expect(rejected?.changes).toMatchObject({ brandId: { before: brandId, after: null } })
      // Only pending brands are decided here.
      const approved = await createBrand(db)
      expect(await statusOf(() => rejectBrand(db, admin, { brandId: approved.id, reason: 'nope' }))).toBe(409)
    })

    it(`limits a seller to ${MAX_PENDING_BRAND_REQUESTS} requests waiting at once`, async () => {
      const user = await createUser(db, { isSeller: true })
      const limited = await createSeller(db, { owner: user })
      const auth = await authOf(db, user.id)
      const store = await createStore(db, { seller: limited })
      for (let i = 0; i < MAX_PENDING_BRAND_REQUESTS; i++)
        await sellerProduct(auth, store.id, { brandId: null, newBrandName: `Limit Brand ${seq}-${i}` })
      const error = await errorOf(() =>
        sellerProduct(auth, store.id, { brandId: null, newBrandName: `One Too Many ${seq}` }),
      )
      expect(error.status).toBe(422)
      expect(error.fieldErrors?.['product.newBrandName']).toEqual([BRAND_REQUESTS_PENDING_LIMIT()])
      const pending = await db.select().from(brands).where(eq(brands.requestedBySellerId, limited.id))
      expect(pending).toHaveLength(MAX_PENDING_BRAND_REQUESTS)
    })
  })

  describe('product review queue', () => {
    it('new and edited seller products enter the queue as pending, live at once', async () => {
      const { product } = await sellerProduct()
      expect(product.reviewState).toBe('pending')
      expect(product.submittedAt).not.toBeNull()
      expect(await listed(product.id)).not.toBeNull()
      const queue = await listReviewQueue(db, admin, { state: 'pending', page: 1 })
      expect(queue.items.map((i) => i.id)).toContain(product.id)
      await reviewProduct(db, admin, { productId: product.id, decision: 'approve' })
      expect((await db.select().from(products).where(eq(products.id, product.id)))[0]?.reviewState).toBe(
        'approved',
      )
      await updateProduct(db, seller, {
        productId: product.id,
        name: `${product.name} v2`,
        categoryId,
        brandId: null,
        unit: 'tin',
        description: '',
        attributes: [],
      })
      expect((await db.select().from(products).where(eq(products.id, product.id)))[0]?.reviewState).toBe(
        'pending',
      )
    })

    it('hiding takes the product off the listing, search and its page; the seller sees the reason; unhide restores', async () => {
      const { product, sku } = await sellerProduct()
      const word = product.name.split(' ')[0]!.toLowerCase()
      expect((await listProducts(db, { q: word }, { facets: false })).items.map((i) => i.id)).toContain(
        product.id,
      )

      await reviewProduct(db, admin, {
        productId: product.id,
        decision: 'hide',
        reason: 'Photos show another brand',
      })
      expect(await listed(product.id)).toBeNull()
      expect((await listProducts(db, { q: word }, { facets: false })).items.map((i) => i.id)).not.toContain(
        product.id,
      )
      expect(await getProductDetail(db, product.slug)).toBeNull()
      const view = await skuForEdit(db, seller, sku)
      expect(view.product.review).toEqual({ state: 'hidden', reason: 'Photos show another brand' })
      // The observer sees the state, the reason is for the maintainer (the owner) too.
      expect((await skuForEdit(db, observer, sku)).product.review.state).toBe('hidden')
      // A seller's edit keeps it hidden (the admin looks again), but queues it.
      await updateProduct(db, seller, {
        productId: product.id,
        name: product.name,
        categoryId,
        brandId: null,
        unit: 'tin',
        description: 'Fixed photos',
        attributes: [],
      })
      expect(await listed(product.id)).toBeNull()
      const [hideEvent] = await db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.action, 'product.hide'), eq(auditEvents.recordId, String(product.id))))
      expect(hideEvent).toMatchObject({ reason: 'Photos show another brand', actorUserId: roles.admin.id })
      expect(hideEvent?.changes).toMatchObject({ reviewState: { before: 'pending', after: 'hidden' } })

      await reviewProduct(db, admin, { productId: product.id, decision: 'unhide' })
      expect(await listed(product.id)).not.toBeNull()
      expect(await getProductDetail(db, product.slug)).not.toBeNull()
      expect(
        await statusOf(() => reviewProduct(db, admin, { productId: product.id, decision: 'unhide' })),
      ).toBe(409)
    })

    it('the admin edits any product; the listing follows and the edit is audited', async () => {
      const { product } = await sellerProduct()
      await adminEditProduct(db, admin, {
        productId: product.id,
        name: 'Saffron tin (corrected)',
        unit: 'tin of 10 g',
        description: '',
        categoryId,
        brandId: null,
        reason: 'The name named the wrong weight',
      })
      expect((await listed(product.id))?.name).toBe('Saffron tin (corrected)')
      const [event] = await db
        .select()
        .from(auditEvents)
        .where(
          and(eq(auditEvents.action, 'product.admin_update'), eq(auditEvents.recordId, String(product.id))),
        )
      expect(event?.changes).toMatchObject({
        name: { before: product.name, after: 'Saffron tin (corrected)' },
      })
    })

    it('an unknown product is a 404', async () => {
      expect(
        await statusOf(() => reviewProduct(db, admin, { productId: 2_000_000_000, decision: 'approve' })),
      ).toBe(404)
    })
  })

  describe('categories', () => {
    it('moves a category, but never under itself or its own subcategory', async () => {
      const top = await createCategoryByAdmin(db, admin, { name: `Drinks ${++seq}`, parentId: null })
      const child = await createCategoryByAdmin(db, admin, { name: `Tea ${seq}`, parentId: top.id })
      const grandchild = await createCategoryByAdmin(db, admin, {
        name: `Green tea ${seq}`,
        parentId: child.id,
      })
      for (const parentId of [top.id, grandchild.id]) {
        const error = await errorOf(() => moveCategory(db, admin, { categoryId: top.id, parentId }))
        expect(error.fieldErrors?.parentId).toEqual([CATEGORY_CYCLE()])
      }
      await moveCategory(db, admin, { categoryId: grandchild.id, parentId: top.id })
      const tree = await listCategoriesForAdmin(db, admin)
      expect(tree.find((c) => c.id === grandchild.id)?.parentId).toBe(top.id)
    })

    it('moving a category refreshes the category path of its products in the listing', async () => {
      const top = await createCategoryByAdmin(db, admin, { name: `Pantry ${++seq}`, parentId: null })
      const leaf = await createCategory(db)
      const store = await createStore(db, { seller: { id: roles.approvedSeller.sellerId } })
      const product = await createProduct(db, { category: leaf })
      await createSku(db, { store, product })
      await refreshProductListings(db, [product.id])
      await moveCategory(db, admin, { categoryId: leaf.id, parentId: top.id })
      expect((await listed(product.id))?.categoryPath).toEqual([top.id, leaf.id])
    })

    it('reorders siblings up and down', async () => {
      const parent = await createCategoryByAdmin(db, admin, { name: `Order ${++seq}`, parentId: null })
      const a = await createCategoryByAdmin(db, admin, { name: `A ${seq}`, parentId: parent.id })
      const b = await createCategoryByAdmin(db, admin, { name: `B ${seq}`, parentId: parent.id })
      await reorderCategory(db, admin, { categoryId: b.id, direction: 'up' })
      const children = (await listCategoriesForAdmin(db, admin)).filter((c) => c.parentId === parent.id)
      expect(children.map((c) => c.id)).toEqual([b.id, a.id])
    })

    it('a category with products cannot be deleted, only merged; the merge moves its products', async () => {
      const from = await createCategory(db)
      const into = await createCategory(db)
      const store = await createStore(db, { seller: { id: roles.approvedSeller.sellerId } })
      const product = await createProduct(db, { category: from })
      await createSku(db, { store, product })
      await refreshProductListings(db, [product.id])
      const refused = await errorOf(() => deleteCategory(db, admin, { categoryId: from.id }))
      expect(refused).toMatchObject({ status: 409, message: CATEGORY_HAS_PRODUCTS() })
      const { moved } = await mergeCategory(db, admin, { categoryId: from.id, intoCategoryId: into.id })
      expect(moved).toBe(1)
      expect((await db.select().from(products).where(eq(products.id, product.id)))[0]?.categoryId).toBe(
        into.id,
      )
      expect((await listed(product.id))?.categoryId).toBe(into.id)
      expect((await listCategoriesForAdmin(db, admin)).some((c) => c.id === from.id)).toBe(false)
      // An empty leaf may be deleted.
      const empty = await createCategoryByAdmin(db, admin, { name: `Empty ${++seq}`, parentId: null })
      await deleteCategory(db, admin, { categoryId: empty.id })
      expect((await listCategoriesForAdmin(db, admin)).some((c) => c.id === empty.id)).toBe(false)
    })
  })
})
