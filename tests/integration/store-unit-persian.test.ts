import { and, desc, eq } from 'drizzle-orm'
import { extractText, getDocumentProxy } from 'unpdf'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readBasket } from '~/features/basket/basket-read.server'
import { setCatalogCacheEnabled } from '~/features/catalog/catalog-cache.server'
import { listProducts } from '~/features/catalog/catalog-listing.server'
import { getProductDetail } from '~/features/catalog/catalog-product.server'
import { refreshProductListings } from '~/features/catalog/catalog-refresh.server'
import { getStore, listStores } from '~/features/catalog/catalog-stores.server'
import { getCheckout, placeOrder } from '~/features/checkout/checkout.server'
import { placeOrderInput } from '~/features/checkout/checkout.schemas'
import { renderInvoicePdf } from '~/features/orders/invoice-pdf.server'
import { getInvoiceForViewer } from '~/features/orders/invoices.server'
import { transitionOrder } from '~/features/orders/order-transitions.server'
import { getBuyerOrder, getSellerOrder } from '~/features/orders/orders-read.server'
import { getSellerSales } from '~/features/orders/seller-sales.server'
import { createProductWithSku, updateProduct } from '~/features/stores/product-authoring.server'
import { createStore as createStoreOp, updateStore } from '~/features/stores/stores.server'
import { createStoreInput, updateProductInput, updateStoreInput } from '~/features/stores/stores.schemas'
import { type Locale, textInLocale, unitInLocale } from '~/lib/i18n'
import type { Db } from '~/server/db/client.server'
import { auditEvents, invoices, products, stores } from '~/server/db/schema'
import { HttpError, parseInput } from '~/server/http/api-errors.server'
import { inLocale as serverInLocale } from '~/server/log.server'
import { createCategory, createProduct, createSeller, createSku, createStore } from '../factories/create'
import { usingPostgres } from '../support/test-database'
import { closeAuthTestDatabase, openAuthTestDatabase } from './auth-fixtures'
import { createBuyer, fillCart, newKey } from './checkout-fixtures'
import { authOf } from './tickets-fixtures'

/**
 * Stores and selling units in the reader's language (issue #22): a store's Persian name and a
 * product's Persian unit show in fa on the store directory and page, the product page, cards, the
 * basket, checkout, orders and the invoice (PDF too); English shows in en and wherever there is no
 * Persian. An order keeps them, and the product's Persian name, as they were when it was placed. Sellers edit both, bounded like the
 * English fields and audited like them.
 */

/** Runs `run` as a request in `locale` would (the server's own `inLocale`). */
const inLocale = <T>(locale: Locale, run: () => T | Promise<T>) => serverInLocale(locale, async () => run())

/** What a PDF says, without the spaces and direction marks text extraction puts into Persian runs. */
const squeezed = (text: string) => text.replace(/[\s\u200c\u200e\u200f\u202a-\u202e]/g, '')

const SYSTEM = { kind: 'system', userId: null } as const

describe(`store names and units in Persian (${usingPostgres() ? 'PostgreSQL' : 'PGlite'})`, () => {
  let db: Db
  let seller: Awaited<ReturnType<typeof createSeller>>
  let golbarg: Awaited<ReturnType<typeof createStore>>
  let plain: Awaited<ReturnType<typeof createStore>>
  let rice: Awaited<ReturnType<typeof createProduct>>
  let pens: Awaited<ReturnType<typeof createProduct>>
  let riceSkuId: number
  let pensSkuId: number

  beforeAll(async () => {
    ;({ db } = await openAuthTestDatabase())
    setCatalogCacheEnabled(false)
    seller = await createSeller(db)
    golbarg = await createStore(db, {
      seller,
      name: 'Golbarg Trading',
      nameFa: 'بازرگانی گلبرگ',
      slug: `golbarg-trading-${Date.now().toString(36)}`,
      pickupAddress: 'Bazaar St 4',
    })
    // A store and a product without Persian: English everywhere.
    plain = await createStore(db, {
      seller,
      name: 'Plain Depot',
      slug: `plain-depot-${Date.now().toString(36)}`,
    })
    rice = await createProduct(db, {
      name: 'Basmati Rice',
      nameFa: 'برنج باسماتی',
      unit: 'sack of 25 kg',
      unitFa: 'کیسه ۲۵ کیلویی',
    })
    pens = await createProduct(db, { name: 'Ballpoint Pens', unit: 'carton of 48' })
    riceSkuId = (await createSku(db, { store: golbarg, product: rice })).id
    pensSkuId = (await createSku(db, { store: plain, product: pens })).id
    await refreshProductListings(db, [rice.id, pens.id])
  }, 120_000)
  afterAll(async () => {
    setCatalogCacheEnabled(true)
    await closeAuthTestDatabase()
  })

  it('the store directory and a store page name the store in the reader’s language', async () => {
    expect((await inLocale('fa', () => getStore(db, golbarg.slug)))?.name).toBe('بازرگانی گلبرگ')
    expect((await inLocale('en', () => getStore(db, golbarg.slug)))?.name).toBe('Golbarg Trading')
    expect((await inLocale('fa', () => getStore(db, plain.slug)))?.name).toBe('Plain Depot')
    const directory = await inLocale('fa', () => listStores(db, { page: 1, per_page: 50 }))
    expect(directory.items.map((s) => s.name)).toEqual(
      expect.arrayContaining(['بازرگانی گلبرگ', 'Plain Depot']),
    )
  })

  it('finds a store by its Persian name, typed with Arabic or Persian letters, in either language', async () => {
    for (const locale of ['fa', 'en'] as const) {
      // «بازرگاني» with an Arabic yeh: folded like every Persian search.
      const found = await inLocale(locale, () =>
        listStores(db, { page: 1, per_page: 50, q: 'بازرگاني گلبرگ' }),
      )
      expect(found.items.map((s) => s.slug)).toEqual([golbarg.slug])
    }
    const english = await inLocale('fa', () => listStores(db, { page: 1, per_page: 50, q: 'golbarg' }))
    expect(english.items.map((s) => s.slug)).toEqual([golbarg.slug])
  })

  it('the product page offers and the cards show the Persian store name and unit in fa only', async () => {
    const fa = await inLocale('fa', async () => {
      const detail = (await getProductDetail(db, rice.slug))!
      return { store: detail.offers[0]!.storeName, unit: unitInLocale(detail) }
    })
    expect(fa).toEqual({ store: 'بازرگانی گلبرگ', unit: 'کیسه ۲۵ کیلویی' })
    const en = await inLocale('en', async () => {
      const detail = (await getProductDetail(db, rice.slug))!
      return { store: detail.offers[0]!.storeName, unit: unitInLocale(detail) }
    })
    expect(en).toEqual({ store: 'Golbarg Trading', unit: 'sack of 25 kg' })

    const cardUnit = async (locale: Locale, storeSlug: string) =>
      (await inLocale(locale, () => listProducts(db, { store: storeSlug, per_page: 48 }))).items.map(
        (c) => c.unit,
      )
    expect(await cardUnit('fa', golbarg.slug)).toEqual(['کیسه ۲۵ کیلویی'])
    expect(await cardUnit('en', golbarg.slug)).toEqual(['sack of 25 kg'])
    expect(await cardUnit('fa', plain.slug)).toEqual(['carton of 48'])
  })

  it('the basket names the store in the reader’s language', async () => {
    const buyer = await createBuyer(db)
    await fillCart(db, buyer, [
      { skuId: riceSkuId, quantity: 1 },
      { skuId: pensSkuId, quantity: 1 },
    ])
    const storesIn = async (locale: Locale) =>
      (await inLocale(locale, () => readBasket(db, buyer.userId))).flatMap((c) =>
        c.items.map((i) => i.store_name),
      )
    expect(await storesIn('fa')).toEqual(['بازرگانی گلبرگ', 'Plain Depot'])
    expect(await storesIn('en')).toEqual(['Golbarg Trading', 'Plain Depot'])
  })

  it('checkout, the order and its invoice keep the Persian product name, store name and unit as they were when ordered', async () => {
    const buyer = await createBuyer(db)
    const { cartIds } = await fillCart(db, buyer, [{ skuId: riceSkuId, quantity: 2 }])
    const cartId = cartIds.get(seller.id)!
    const view = await getCheckout(db, buyer.auth, { cartId })
    expect(view.lines[0]).toMatchObject({
      storeName: 'Golbarg Trading',
      storeNameFa: 'بازرگانی گلبرگ',
      unit: 'sack of 25 kg',
      unitFa: 'کیسه ۲۵ کیلویی',
    })
    expect(view.pickupPoints[0]).toMatchObject({ store: 'Golbarg Trading', storeFa: 'بازرگانی گلبرگ' })
    const line = view.lines[0]!
    expect(await inLocale('fa', () => textInLocale(line.storeName, line.storeNameFa))).toBe('بازرگانی گلبرگ')
    expect(await inLocale('en', () => textInLocale(line.storeName, line.storeNameFa))).toBe('Golbarg Trading')

    const placed = await placeOrder(
      db,
      buyer.auth,
      parseInput(placeOrderInput, {
        cartId,
        addressId: null,
        deliveryMethod: 'pickup',
        note: '',
        idempotencyKey: newKey(),
      }),
    )
    // The seller renames the store and the product afterwards: the order says what the buyer was shown.
    await db.update(stores).set({ nameFa: 'بازرگانی گلبرگ نو' }).where(eq(stores.id, golbarg.id))
    await db.update(products).set({ nameFa: 'برنج باسماتی درجه یک' }).where(eq(products.id, rice.id))
    try {
      const order = await getBuyerOrder(db, buyer.auth, placed.orderId)
      expect(order.lines[0]).toMatchObject({
        product_name: 'Basmati Rice',
        product_name_fa: 'برنج باسماتی',
        store_name: 'Golbarg Trading',
        store_name_fa: 'بازرگانی گلبرگ',
        unit: 'sack of 25 kg',
        unit_fa: 'کیسه ۲۵ کیلویی',
      })
      expect(order.pickup_points[0]).toMatchObject({ storeFa: 'بازرگانی گلبرگ' })
      const sellerView = await getSellerOrder(db, await authOf(db, seller.owner.id), placed.orderId)
      expect(sellerView.lines[0]).toMatchObject({
        product_name_fa: 'برنج باسماتی',
        store_name_fa: 'بازرگانی گلبرگ',
        unit_fa: 'کیسه ۲۵ کیلویی',
      })

      await db.transaction((tx) =>
        transitionOrder(tx, { orderId: placed.orderId, to: 'paid', actor: SYSTEM }),
      )
      // The seller's sales page names what sold as the order did, in the reader's language.
      const sellerAuth = await authOf(db, seller.owner.id)
      const topNames = async (locale: Locale) =>
        (await inLocale(locale, () => getSellerSales(db, sellerAuth, { days: 30 }))).top_by_units.map(
          (row) => row.product_name,
        )
      expect(await topNames('fa')).toEqual(['برنج باسماتی'])
      expect(await topNames('en')).toEqual(['Basmati Rice'])

      const [invoice] = await db.select().from(invoices).where(eq(invoices.orderId, placed.orderId))
      const pdfText = async (locale: Locale) =>
        inLocale(locale, async () => {
          const invoiceView = await getInvoiceForViewer(db, buyer.auth, invoice!.id)
          const pdf = await renderInvoicePdf(invoiceView)
          return (await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true })).text
        })
      const fa = squeezed(await pdfText('fa'))
      expect(fa).toContain(squeezed('برنج باسماتی'))
      expect(fa).not.toContain(squeezed('درجه یک'))
      expect(fa).not.toContain('Basmati')
      expect(fa).toContain(squeezed('کیسه ۲۵ کیلویی'))
      expect(fa).toContain(squeezed('بازرگانی گلبرگ'))
      expect(fa).not.toContain('sack of 25 kg')
      const en = await pdfText('en')
      expect(en).toContain('Basmati Rice')
      expect(en).toContain('sack of 25 kg')
      expect(en).toContain('Golbarg Trading')
    } finally {
      await db.update(stores).set({ nameFa: 'بازرگانی گلبرگ' }).where(eq(stores.id, golbarg.id))
      await db.update(products).set({ nameFa: 'برنج باسماتی' }).where(eq(products.id, rice.id))
    }
  })

  it('the seller sets the Persian store name and unit, bounded like the English ones and audited', async () => {
    const owner = await authOf(db, seller.owner.id)
    const fields = {
      name: 'Kian Supply',
      nameFa: 'تأمین کالای کیان',
      slug: `kian-supply-${Date.now().toString(36)}`,
      description: '',
      city: 'Tehran',
      pickupAddress: '',
      pickupHours: '',
      status: 'active' as const,
    }
    const store = await createStoreOp(db, owner, parseInput(createStoreInput, fields))
    const auditOf = (recordType: string, recordId: number) =>
      db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.recordType, recordType), eq(auditEvents.recordId, String(recordId))))
        .orderBy(desc(auditEvents.id))
    expect((await auditOf('store', store.id))[0]!.changes.nameFa).toEqual({
      before: null,
      after: 'تأمین کالای کیان',
    })

    await updateStore(db, owner, { storeId: store.id, ...fields, nameFa: 'پخش کیان' })
    expect((await auditOf('store', store.id))[0]!.changes).toEqual({
      nameFa: { before: 'تأمین کالای کیان', after: 'پخش کیان' },
    })
    // Left out (an older client): kept. Emptied: gone, and the English name shows in fa.
    const { nameFa: _left, ...withoutPersian } = fields
    await updateStore(db, owner, { storeId: store.id, ...withoutPersian, description: 'Dry goods' })
    expect((await db.select().from(stores).where(eq(stores.id, store.id)))[0]!.nameFa).toBe('پخش کیان')
    await updateStore(db, owner, parseInput(updateStoreInput, { storeId: store.id, ...fields, nameFa: '  ' }))
    expect((await db.select().from(stores).where(eq(stores.id, store.id)))[0]!.nameFa).toBeNull()

    const tooLong = (run: () => unknown) => {
      try {
        run()
      } catch (error) {
        return error instanceof HttpError
          ? { status: error.status, fields: Object.keys(error.fieldErrors ?? {}) }
          : error
      }
      return 'accepted'
    }
    expect(tooLong(() => parseInput(createStoreInput, { ...fields, nameFa: 'ن'.repeat(81) }))).toEqual({
      status: 422,
      fields: ['nameFa'],
    })

    const category = await createCategory(db)
    const created = await createProductWithSku(db, owner, {
      storeId: store.id,
      product: {
        name: 'Rice sacks',
        categoryId: category.id,
        brandId: null,
        unit: 'sack of 10 kg',
        unitFa: 'کیسه ۱۰ کیلویی',
        description: '',
        attributes: [],
      },
      sku: '',
      piecesPerPack: 1,
      alwaysAvailable: true,
      stock: 0,
      tiers: [{ unitPrice: 1_000_000, offerPrice: 0, minQuantity: 1 }],
    })
    const edit = {
      productId: created.productId,
      name: 'Rice sacks',
      categoryId: category.id,
      brandId: null,
      unit: 'sack of 10 kg',
      unitFa: 'کیسه ده کیلویی',
      description: '',
      attributes: [],
    }
    await updateProduct(db, owner, edit)
    expect((await auditOf('product', created.productId))[0]!.changes).toEqual({
      unitFa: { before: 'کیسه ۱۰ کیلویی', after: 'کیسه ده کیلویی' },
    })
    expect(tooLong(() => parseInput(updateProductInput, { ...edit, unitFa: 'ک'.repeat(61) }))).toEqual({
      status: 422,
      fields: ['unitFa'],
    })
  })
})
