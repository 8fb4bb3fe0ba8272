import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { and, desc, eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN_EDIT_NOTHING_CHANGED } from '~/features/catalog-admin/catalog-admin.schemas'
import { updateCategoryImage } from '~/features/catalog-admin/category-image.server'
import { listCategoriesForAdmin } from '~/features/catalog-admin/categories-admin.server'
import { adminEditProduct, adminProductDetail } from '~/features/catalog-admin/product-review.server'
import { setCatalogCacheEnabled } from '~/features/catalog/catalog-cache.server'
import { createProductWithSku } from '~/features/stores/product-authoring.server'
import type { AuthContext } from '~/server/auth/session.server'
import type { Db } from '~/server/db/client.server'
import { auditEvents, categories, outboxMessages, productListings, products } from '~/server/db/schema'
import { HttpError } from '~/server/http/api-errors.server'
import type { UploadedFile } from '~/server/http/multipart.server'
import { localDiskStorage, type MediaStorage } from '~/server/providers/storage/storage.server'
import { createBrand, createCategory, createProduct, createStore } from '../factories/create'
import { usingPostgres } from '../support/test-database'
import { requestScope, scopeOfRequest } from '~/server/log.server'
import {
  closeAuthTestDatabase,
  createRoleUsers,
  openAuthTestDatabase,
  SITE,
  type RoleUsers,
} from './auth-fixtures'
import { authOf, errorOf } from './tickets-fixtures'

/**
 * Issue #20's catalogue edits in the back office: a category's image (uploaded through the store
 * logo's pipeline, replaced, removed) and the admin's edit of a seller's product (a required reason,
 * audited, the seller told by SMS). Authorisation for every role is also in the matrix; here the
 * point is that a refused call writes nothing, not even a file.
 */

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

const png = async (width: number, colour = '#2e86c1'): Promise<UploadedFile> => ({
  name: `category-${width}.png`,
  bytes: new Uint8Array(
    await sharp({ create: { width, height: width, channels: 3, background: colour } })
      .png()
      .toBuffer(),
  ),
})

const filesIn = (root: string): string[] =>
  readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(root.length + 1))
    .sort()

describe(`admin catalogue edits (${usingPostgres() ? 'PostgreSQL' : 'PGlite'})`, () => {
  let db: Db
  let roles: RoleUsers
  let admin: AuthContext
  let seller: AuthContext
  let observer: AuthContext
  let buyer: AuthContext
  let root: string
  let storage: MediaStorage
  let seq = 0

  beforeAll(async () => {
    setCatalogCacheEnabled(false)
    ;({ db } = await openAuthTestDatabase())
    roles = await createRoleUsers(db)
    admin = await authOf(db, roles.admin.id)
    seller = await authOf(db, roles.approvedSeller.id)
    observer = await authOf(db, roles.observer.id)
    buyer = await authOf(db, roles.buyer.id)
    root = mkdtempSync(join(tmpdir(), 'omdeh-category-images-'))
    storage = localDiskStorage(root)
  })
  afterAll(async () => {
    setCatalogCacheEnabled(true)
    rmSync(root, { recursive: true, force: true })
    await closeAuthTestDatabase()
  })

  const imageOf = async (id: number) =>
    (await db.select({ image: categories.image }).from(categories).where(eq(categories.id, id)))[0]!.image
  const imageEvents = (id: number) =>
    db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'category.image'), eq(auditEvents.recordId, String(id))))
      .orderBy(auditEvents.id)

  it('the tree counts the products in each category (a new one has none and may be deleted)', async () => {
    const empty = await createCategory(db)
    const filled = await createCategory(db)
    await createProduct(db, { category: filled })
    await createProduct(db, { category: filled })
    const tree = await listCategoriesForAdmin(db, admin)
    expect(tree.find((c) => c.id === empty.id)?.products).toBe(0)
    expect(tree.find((c) => c.id === filled.id)?.products).toBe(2)
  })

  it("a department counts its subcategories' products (it holds none itself), at every depth", async () => {
    const top = await createCategory(db)
    const left = await createCategory(db, { parent: top })
    const right = await createCategory(db, { parent: top })
    const deeper = await createCategory(db, { parent: right })
    for (const category of [left, left, right, deeper, deeper, deeper]) await createProduct(db, { category })
    const tree = await listCategoriesForAdmin(db, admin)
    const shown = (id: number) => tree.find((c) => c.id === id)?.totalProducts
    expect([shown(top.id), shown(left.id), shown(right.id), shown(deeper.id)]).toEqual([6, 2, 4, 3])
    // What a merge moves and what keeps a category from deletion are its own products only.
    expect(tree.find((c) => c.id === top.id)?.products).toBe(0)
    expect(tree.find((c) => c.id === right.id)?.products).toBe(1)
  })

  describe('category images', () => {
    it('stores an upload as a 512 px webp, shows it in the admin tree, and audits the change', async () => {
      const category = await createCategory(db)
      const { image } = await updateCategoryImage(
        db,
        admin,
        { categoryId: category.id, removeImage: false },
        [await png(800)],
        storage,
      )
      expect(image).toMatch(/^\/media\/categories\/u-[0-9a-f]{24}-512\.webp$/)
      const served = (await storage.get(image!.slice('/media/'.length)))!.body
      expect(await sharp(served).metadata()).toMatchObject({ format: 'webp', width: 512, height: 512 })
      const tree = await listCategoriesForAdmin(db, admin)
      expect(tree.find((c) => c.id === category.id)?.image).toBe(image)
      const [event] = await imageEvents(category.id)
      expect(event).toMatchObject({ actorUserId: roles.admin.id, recordType: 'category' })
      expect(event!.changes.image).toEqual({ before: category.image, after: image })
    })

    it('a new image replaces the old one (whose files are removed); "remove" clears it', async () => {
      const category = await createCategory(db)
      const first = await updateCategoryImage(
        db,
        admin,
        { categoryId: category.id, removeImage: false },
        [await png(300)],
        storage,
      )
      const second = await updateCategoryImage(
        db,
        admin,
        { categoryId: category.id, removeImage: false },
        [await png(300, '#117a65')],
        storage,
      )
      expect(second.image).not.toBe(first.image)
      expect(await storage.get(first.image!.slice('/media/'.length))).toBeNull()
      expect(await imageOf(category.id)).toBe(second.image)

      await updateCategoryImage(db, admin, { categoryId: category.id, removeImage: true }, [], storage)
      expect(await imageOf(category.id)).toBeNull()
      expect(await storage.get(second.image!.slice('/media/'.length))).toBeNull()
      const events = await imageEvents(category.id)
      expect(events.map((e) => e.changes.image)).toEqual([
        { before: category.image, after: first.image },
        { before: first.image, after: second.image },
        { before: second.image, after: null },
      ])
    })

    it('keeps seeded artwork files it did not write when the image is replaced', async () => {
      await storage.put('categories/seeded-tea.svg', new TextEncoder().encode('<svg/>'))
      const category = await createCategory(db)
      await db
        .update(categories)
        .set({ image: storage.urlFor('categories/seeded-tea.svg') })
        .where(eq(categories.id, category.id))
      await updateCategoryImage(
        db,
        admin,
        { categoryId: category.id, removeImage: false },
        [await png(200)],
        storage,
      )
      expect(await storage.get('categories/seeded-tea.svg')).not.toBeNull()
    })

    it('refuses non-admins (403) and guests (401), and stores no file for them', async () => {
      const category = await createCategory(db)
      const before = filesIn(root)
      for (const [auth, status] of [
        [buyer, 403],
        [seller, 403],
        [observer, 403],
        [null, 401],
      ] as const)
        expect(
          (
            await failure(async () =>
              updateCategoryImage(
                db,
                auth,
                { categoryId: category.id, removeImage: false },
                [await png(100)],
                storage,
              ),
            )
          ).status,
        ).toBe(status)
      expect(filesIn(root)).toEqual(before)
      expect(await imageOf(category.id)).toBe(category.image)
      expect(await imageEvents(category.id)).toEqual([])
    })

    it('refuses two images with a message in the admin’s language', async () => {
      const category = await createCategory(db)
      const two = async () =>
        errorOf(async () =>
          updateCategoryImage(
            db,
            admin,
            { categoryId: category.id, removeImage: false },
            [await png(100), await png(100, '#117a65')],
            storage,
          ),
        )
      expect(await two()).toMatchObject({ status: 422, fieldErrors: { image: ['Choose one image'] } })
      const persian = await requestScope.run(
        scopeOfRequest(new Request(`${SITE}/admin/categories`, { headers: { cookie: 'locale=fa' } }), {
          requestId: 'category-image-fa',
          cspNonce: 'n',
          defaultLocale: 'en',
        }).scope,
        two,
      )
      expect(persian).toMatchObject({ status: 422, fieldErrors: { image: ['یک تصویر انتخاب کنید'] } })
    })

    it('a file that is not an image is a 422 on `image`; an unknown category is a 404 and leaves no file', async () => {
      const category = await createCategory(db)
      const before = filesIn(root)
      const fake = { name: 'tea.png', bytes: new TextEncoder().encode('plain words, not a picture') }
      expect(
        await failure(() =>
          updateCategoryImage(db, admin, { categoryId: category.id, removeImage: false }, [fake], storage),
        ),
      ).toMatchObject({ status: 422, fields: ['image'] })
      expect(
        (
          await failure(async () =>
            updateCategoryImage(
              db,
              admin,
              { categoryId: 2_000_000_000, removeImage: false },
              [await png(100)],
              storage,
            ),
          )
        ).status,
      ).toBe(404)
      expect(
        await failure(() =>
          updateCategoryImage(db, admin, { categoryId: category.id, removeImage: false }, [], storage),
        ),
      ).toMatchObject({ status: 422, fields: ['image'] })
      expect(filesIn(root)).toEqual(before)
    })
  })

  describe('admin product edit', () => {
    async function sellerProduct() {
      const category = await createCategory(db)
      const store = await createStore(db, { seller: { id: roles.approvedSeller.sellerId } })
      const created = await createProductWithSku(db, seller, {
        storeId: store.id,
        product: {
          name: `Pistachio sack ${++seq}`,
          categoryId: category.id,
          brandId: null,
          unit: 'sack of 10 kg',
          description: 'Akbari pistachios',
          attributes: [],
        },
        sku: '',
        piecesPerPack: 1,
        alwaysAvailable: true,
        stock: 0,
        tiers: [{ unitPrice: 900_000, offerPrice: 0, minQuantity: 1 }],
      })
      const [row] = await db.select().from(products).where(eq(products.id, created.productId))
      return row!
    }
    const messagesTo = (phone: string) =>
      db.select().from(outboxMessages).where(eq(outboxMessages.to, phone)).orderBy(desc(outboxMessages.id))

    it('saves the fields, relists, audits before/after with the reason, and tells the seller by SMS', async () => {
      const product = await sellerProduct()
      const brand = await createBrand(db)
      const otherCategory = await createCategory(db)
      await adminEditProduct(db, admin, {
        productId: product.id,
        name: 'Pistachio sack (Akbari, 10 kg)',
        unit: product.unit,
        description: 'Akbari pistachios, this year’s harvest',
        categoryId: otherCategory.id,
        brandId: brand.id,
        reason: 'The name left out the variety buyers search for',
      })
      const [listing] = await db
        .select()
        .from(productListings)
        .where(eq(productListings.productId, product.id))
      expect(listing).toMatchObject({
        name: 'Pistachio sack (Akbari, 10 kg)',
        categoryId: otherCategory.id,
        brandId: brand.id,
      })

      const [event] = await db
        .select()
        .from(auditEvents)
        .where(
          and(eq(auditEvents.action, 'product.admin_update'), eq(auditEvents.recordId, String(product.id))),
        )
      expect(event).toMatchObject({
        actorUserId: roles.admin.id,
        sellerId: roles.approvedSeller.sellerId,
        reason: 'The name left out the variety buyers search for',
      })
      expect(event!.changes).toEqual({
        name: { before: product.name, after: 'Pistachio sack (Akbari, 10 kg)' },
        description: { before: 'Akbari pistachios', after: 'Akbari pistachios, this year’s harvest' },
        categoryId: { before: product.categoryId, after: otherCategory.id },
        brandId: { before: null, after: brand.id },
      })

      const [message] = await messagesTo(roles.approvedSeller.cellphone)
      expect(message!.body).toContain('Pistachio sack (Akbari, 10 kg)')
      expect(message!.body).toContain('Reason: The name left out the variety buyers search for')

      const detail = await adminProductDetail(db, admin, product.id)
      expect(detail.history).toEqual([
        {
          at: expect.any(String),
          reason: 'The name left out the variety buyers search for',
          fields: expect.arrayContaining(['name', 'description', 'categoryId', 'brandId']),
        },
      ])
      expect(detail.listed).toBe(true)
    })

    it('refuses an edit that changes nothing (422), and neither audits nor messages', async () => {
      const product = await sellerProduct()
      const sent = (await messagesTo(roles.approvedSeller.cellphone)).length
      expect(
        await failure(() =>
          adminEditProduct(db, admin, {
            productId: product.id,
            name: product.name,
            unit: product.unit,
            description: product.description,
            categoryId: product.categoryId,
            brandId: product.brandId,
            reason: 'Checking',
          }),
        ),
      ).toMatchObject({ status: 422, message: ADMIN_EDIT_NOTHING_CHANGED() })
      expect((await messagesTo(roles.approvedSeller.cellphone)).length).toBe(sent)
      expect(
        await db
          .select()
          .from(auditEvents)
          .where(
            and(eq(auditEvents.action, 'product.admin_update'), eq(auditEvents.recordId, String(product.id))),
          ),
      ).toEqual([])
    })

    it('refuses the product owner, observers and buyers (403) and changes nothing', async () => {
      const product = await sellerProduct()
      for (const auth of [seller, observer, buyer]) {
        expect((await failure(() => adminProductDetail(db, auth, product.id))).status).toBe(403)
        expect(
          (
            await failure(() =>
              adminEditProduct(db, auth, {
                productId: product.id,
                name: 'Taken over',
                unit: product.unit,
                description: '',
                categoryId: product.categoryId,
                brandId: null,
                reason: 'Because I can',
              }),
            )
          ).status,
        ).toBe(403)
      }
      const [after] = await db.select().from(products).where(eq(products.id, product.id))
      expect(after!.name).toBe(product.name)
    })

    it('an unknown product is a 404; an unknown category a 422 on categoryId', async () => {
      const product = await sellerProduct()
      const input = {
        productId: product.id,
        name: 'Renamed',
        unit: product.unit,
        description: '',
        categoryId: product.categoryId,
        brandId: null,
        reason: 'Tidying',
      }
      expect(
        (await failure(() => adminEditProduct(db, admin, { ...input, productId: 2_000_000_000 }))).status,
      ).toBe(404)
      expect(
        await failure(() => adminEditProduct(db, admin, { ...input, categoryId: 2_000_000_000 })),
      ).toMatchObject({
        status: 422,
        fields: ['categoryId'],
      })
    })
  })
})
