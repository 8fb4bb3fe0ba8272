import { and, desc, eq } from 'drizzle-orm'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { offerInput } from '~/features/basket/basket-offer'
import { readBasket } from '~/features/basket/basket-read.server'
import { toClientBasket } from '~/features/basket/basket-mapping'
import { addLocal, parseStoredCarts } from '~/features/basket/local-basket'
import { setCatalogCacheEnabled } from '~/features/catalog/catalog-cache.server'
import { getProductDetail } from '~/features/catalog/catalog-product.server'
import { refreshProductListings } from '~/features/catalog/catalog-refresh.server'
import { getStore } from '~/features/catalog/catalog-stores.server'
import { getCheckout, placeOrder } from '~/features/checkout/checkout.server'
import { placeOrderInput } from '~/features/checkout/checkout.schemas'
import { listInventory } from '~/features/inventory/inventory.server'
import { inventorySearch } from '~/features/inventory/inventory.schemas'
import { getSkuPrices } from '~/features/inventory/price-tiers.server'
import { getSkuStock } from '~/features/inventory/stock.server'
import { getBuyerOrder, listBuyerOrders } from '~/features/orders/orders-read.server'
import { buyerOrderFilters } from '~/features/orders/orders.schemas'
import { updateSellerProfile } from '~/features/sellers/sellers.server'
import { updateSellerProfileInput } from '~/features/sellers/sellers.schemas'
import { listStores as listSellerStores } from '~/features/stores/stores.server'
import { type Locale, nameInLocale } from '~/lib/i18n'
import { cityInLocale, cityListInLocale } from '~/lib/iran-cities'
import type { Db } from '~/server/db/client.server'
import { auditEvents, sellers } from '~/server/db/schema'
import { HttpError, parseInput } from '~/server/http/api-errors.server'
import { inLocale as serverInLocale } from '~/server/log.server'
import { createProduct, createSeller, createSku, createStore } from '../factories/create'
import { usingPostgres } from '../support/test-database'
import { closeAuthTestDatabase, openAuthTestDatabase } from './auth-fixtures'
import { createBuyer, fillCart, newKey } from './checkout-fixtures'
import { authOf } from './tickets-fixtures'

/**
 * What a Persian reader still met in English (issue #22): product names in the basket and checkout,
 * store names on the seller's pages, the seller's display name and the store cities. In fa each
 * shows in Persian where there is Persian, in en in English, and the English wherever the Persian
 * is missing (a city the list does not know: as the seller typed it).
 */

/** Runs `run` as a request in `locale` would (the server's own `inLocale`). */
const inLocale = <T>(locale: Locale, run: () => T | Promise<T>) => serverInLocale(locale, async () => run())

describe(`Persian product, store, seller and city names (${usingPostgres() ? 'PostgreSQL' : 'PGlite'})`, () => {
  let db: Db
  let seller: Awaited<ReturnType<typeof createSeller>>
  let plainSeller: Awaited<ReturnType<typeof createSeller>>
  let golbarg: Awaited<ReturnType<typeof createStore>>
  let oldTown: Awaited<ReturnType<typeof createStore>>
  let rice: Awaited<ReturnType<typeof createProduct>>
  let pens: Awaited<ReturnType<typeof createProduct>>
  let riceSku: Awaited<ReturnType<typeof createSku>>
  let pensSku: Awaited<ReturnType<typeof createSku>>

  beforeAll(async () => {
    ;({ db } = await openAuthTestDatabase())
    setCatalogCacheEnabled(false)
    seller = await createSeller(db, { displayName: 'Sepahan Distribution', displayNameFa: 'پخش سپاهان' })
    // A seller without a Persian name, whose store's city is one the list does not know.
    plainSeller = await createSeller(db, { displayName: 'Plain Traders' })
    const stamp = Date.now().toString(36)
    golbarg = await createStore(db, {
      seller,
      name: 'Golbarg Trading',
      nameFa: 'بازرگانی گلبرگ',
      slug: `golbarg-gaps-${stamp}`,
      city: 'Isfahan',
    })
    oldTown = await createStore(db, {
      seller: plainSeller,
      name: 'Old Town Depot',
      slug: `old-town-${stamp}`,
      city: 'Old Town',
    })
    rice = await createProduct(db, { name: 'Basmati Rice', nameFa: 'برنج باسماتی' })
    pens = await createProduct(db, { name: 'Ballpoint Pens' })
    riceSku = await createSku(db, { store: golbarg, product: rice })
    pensSku = await createSku(db, { store: oldTown, product: pens })
    await refreshProductListings(db, [rice.id, pens.id])
  }, 120_000)
  afterAll(async () => {
    setCatalogCacheEnabled(true)
    await closeAuthTestDatabase()
  })

  it('the signed-in basket and checkout name the product in the reader’s language', async () => {
    const buyer = await createBuyer(db)
    const { cartIds } = await fillCart(db, buyer, [
      { skuId: riceSku.id, quantity: 1 },
      { skuId: pensSku.id, quantity: 1 },
    ])
    const namesIn = async (locale: Locale) =>
      inLocale(locale, async () =>
        toClientBasket(await readBasket(db, buyer.userId)).flatMap((c) =>
          c.items.map((i) => nameInLocale(i.product)),
        ),
      )
    expect(await namesIn('fa')).toEqual(['برنج باسماتی', 'Ballpoint Pens'])
    expect(await namesIn('en')).toEqual(['Basmati Rice', 'Ballpoint Pens'])

    const view = await getCheckout(db, buyer.auth, { cartId: cartIds.get(seller.id)! })
    expect(view.lines[0]).toMatchObject({ productName: 'Basmati Rice', productNameFa: 'برنج باسماتی' })
  })

  it('a guest’s basket keeps both names and shows the reader’s, after a reload too', async () => {
    const detail = (await inLocale('fa', () => getProductDetail(db, rice.slug)))!
    const offer = detail.offers[0]!
    const input = offerInput(detail, offer, 1)
    const { quantity, product, ...rest } = input
    const { offers, ...productRef } = product
    const carts = addLocal(
      [],
      { sku: rest.sku, quantity, product: productRef, offers: offers ?? [] },
      { now: 1, newId: () => 'local-1' },
    )!
    // What the browser saved and reads back (JSON, then the stored shape's check).
    const reloaded = parseStoredCarts(JSON.parse(JSON.stringify(carts)))
    const item = reloaded[0]!.items[0]!
    expect(await inLocale('fa', () => nameInLocale(item.product))).toBe('برنج باسماتی')
    expect(await inLocale('en', () => nameInLocale(item.product))).toBe('Basmati Rice')
    // A basket saved before the Persian name was kept: still read, in English.
    const { nameFa: _dropped, ...older } = item.product
    const old = parseStoredCarts([{ ...reloaded[0]!, items: [{ ...item, product: older }] }])
    expect(old).toHaveLength(1)
    expect(await inLocale('fa', () => nameInLocale(old[0]!.items[0]!.product))).toBe('Basmati Rice')
  })

  it('the seller’s inventory, stock, price and store pages name the store in the reader’s language', async () => {
    const owner = await authOf(db, seller.owner.id)
    const search = v.parse(inventorySearch, { perPage: 100 })
    const inventoryIn = (locale: Locale) => inLocale(locale, () => listInventory(db, owner, search))
    const fa = await inventoryIn('fa')
    expect(fa.rows.map((r) => r.storeName)).toEqual(['بازرگانی گلبرگ'])
    expect(fa.stores.map((s) => s.name)).toEqual(['بازرگانی گلبرگ'])
    const en = await inventoryIn('en')
    expect(en.rows.map((r) => r.storeName)).toEqual(['Golbarg Trading'])
    expect(en.stores.map((s) => s.name)).toEqual(['Golbarg Trading'])

    expect((await inLocale('fa', () => getSkuPrices(db, owner, riceSku.sku))).storeName).toBe(
      'بازرگانی گلبرگ',
    )
    expect((await inLocale('en', () => getSkuPrices(db, owner, riceSku.sku))).storeName).toBe(
      'Golbarg Trading',
    )
    expect((await inLocale('fa', () => getSkuStock(db, owner, riceSku.sku))).storeName).toBe('بازرگانی گلبرگ')

    // A store without a Persian name: English in fa too.
    const plainOwner = await authOf(db, plainSeller.owner.id)
    expect((await inLocale('fa', () => getSkuStock(db, plainOwner, pensSku.sku))).storeName).toBe(
      'Old Town Depot',
    )

    const mine = await inLocale('fa', () => listSellerStores(db, owner))
    expect(await inLocale('fa', () => mine.map((s) => nameInLocale(s)))).toEqual(['بازرگانی گلبرگ'])
    expect(await inLocale('en', () => mine.map((s) => nameInLocale(s)))).toEqual(['Golbarg Trading'])
  })

  it('buyers see the seller’s Persian display name in fa: offers, the store page, the basket, the order', async () => {
    const offerSeller = async (locale: Locale, slug: string) =>
      (await inLocale(locale, () => getProductDetail(db, slug)))!.offers[0]!.sellerName
    expect(await offerSeller('fa', rice.slug)).toBe('پخش سپاهان')
    expect(await offerSeller('en', rice.slug)).toBe('Sepahan Distribution')
    expect(await offerSeller('fa', pens.slug)).toBe('Plain Traders')
    expect((await inLocale('fa', () => getStore(db, golbarg.slug)))?.sellerName).toBe('پخش سپاهان')
    expect((await inLocale('en', () => getStore(db, golbarg.slug)))?.sellerName).toBe('Sepahan Distribution')

    const buyer = await createBuyer(db)
    const { cartIds } = await fillCart(db, buyer, [{ skuId: riceSku.id, quantity: 1 }])
    const basketSeller = async (locale: Locale) =>
      (await inLocale(locale, () => readBasket(db, buyer.userId)))[0]!.seller_name
    expect(await basketSeller('fa')).toBe('پخش سپاهان')
    expect(await basketSeller('en')).toBe('Sepahan Distribution')
    const cartId = cartIds.get(seller.id)!
    expect((await inLocale('fa', () => getCheckout(db, buyer.auth, { cartId }))).seller.name).toBe(
      'پخش سپاهان',
    )

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
    const order = (locale: Locale) => inLocale(locale, () => getBuyerOrder(db, buyer.auth, placed.orderId))
    expect((await order('fa')).seller_name).toBe('پخش سپاهان')
    expect((await order('en')).seller_name).toBe('Sepahan Distribution')
    const listed = await inLocale('fa', () => listBuyerOrders(db, buyer.auth, v.parse(buyerOrderFilters, {})))
    expect(listed.items.map((o) => o.counterpart)).toEqual(['پخش سپاهان'])

    // Pickup lines name the city in Persian in fa, English in en.
    expect((await order('fa')).pickup_city).toBe('اصفهان')
    expect((await order('fa')).pickup_points[0]).toMatchObject({ city: 'اصفهان' })
    expect((await order('en')).pickup_city).toBe('Isfahan')
  })

  it('the seller sets the Persian display name: trimmed, bounded, checked on the server, audited', async () => {
    const owner = await authOf(db, seller.owner.id)
    const base = {
      display_name: 'Sepahan Distribution',
      phone: '02144556677',
      city: 'Isfahan',
      address: 'No. 4, Chaharbagh St, Isfahan',
      goods_category: 'Food',
    }
    const auditOf = () =>
      db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.recordType, 'seller'), eq(auditEvents.recordId, String(seller.id))))
        .orderBy(desc(auditEvents.id))
    try {
      const saved = await updateSellerProfile(
        db,
        owner,
        parseInput(updateSellerProfileInput, { ...base, display_name_fa: '  پخش سپاهان نو  ' }),
      )
      expect(saved.display_name_fa).toBe('پخش سپاهان نو')
      expect((await auditOf())[0]).toMatchObject({
        action: 'seller.profile_update',
        changes: { display_name_fa: { before: 'پخش سپاهان', after: 'پخش سپاهان نو' } },
      })
      // Left out (an older client): kept. Emptied: gone, and the English name shows in fa.
      await updateSellerProfile(db, owner, parseInput(updateSellerProfileInput, base))
      expect((await db.select().from(sellers).where(eq(sellers.id, seller.id)))[0]!.displayNameFa).toBe(
        'پخش سپاهان نو',
      )
      await updateSellerProfile(
        db,
        owner,
        parseInput(updateSellerProfileInput, { ...base, display_name_fa: ' ' }),
      )
      expect((await db.select().from(sellers).where(eq(sellers.id, seller.id)))[0]!.displayNameFa).toBeNull()
      expect((await inLocale('fa', () => getProductDetail(db, rice.slug)))!.offers[0]!.sellerName).toBe(
        'Sepahan Distribution',
      )

      const refused = (() => {
        try {
          parseInput(updateSellerProfileInput, { ...base, display_name_fa: 'پ'.repeat(101) })
        } catch (error) {
          return error instanceof HttpError
            ? { status: error.status, fields: Object.keys(error.fieldErrors ?? {}) }
            : error
        }
        return 'accepted'
      })()
      expect(refused).toEqual({ status: 422, fields: ['display_name_fa'] })
    } finally {
      await db.update(sellers).set({ displayNameFa: 'پخش سپاهان' }).where(eq(sellers.id, seller.id))
    }
  })

  it('a store’s city reads in Persian in fa when the list knows it, and as typed when it does not', async () => {
    const city = async (locale: Locale, slug: string) =>
      (await inLocale(locale, () => getProductDetail(db, slug)))!.offers[0]!.storeCity
    expect(await city('fa', rice.slug)).toBe('اصفهان')
    expect(await city('en', rice.slug)).toBe('Isfahan')
    expect(await city('fa', pens.slug)).toBe('Old Town')
    expect((await inLocale('fa', () => getStore(db, golbarg.slug)))?.city).toBe('اصفهان')
    expect((await inLocale('en', () => getStore(db, golbarg.slug)))?.city).toBe('Isfahan')
    expect((await inLocale('fa', () => getStore(db, oldTown.slug)))?.city).toBe('Old Town')

    const buyer = await createBuyer(db)
    const { cartIds } = await fillCart(db, buyer, [{ skuId: riceSku.id, quantity: 1 }])
    const view = await inLocale('fa', () => getCheckout(db, buyer.auth, { cartId: cartIds.get(seller.id)! }))
    expect(view.pickupCities).toEqual(['اصفهان'])
    expect(view.pickupPoints[0]).toMatchObject({ city: 'اصفهان' })
    const owner = await authOf(db, seller.owner.id)
    expect((await inLocale('fa', () => listSellerStores(db, owner))).map((s) => s.city)).toEqual(['اصفهان'])

    expect(cityListInLocale('Tehran, Karaj', 'fa')).toBe('تهران، کرج')
    expect(cityListInLocale('Tehran, Karaj', 'en')).toBe('Tehran, Karaj')
    expect(cityInLocale('Old Town', 'fa')).toBe('Old Town')
  })
})
