import '@tanstack/react-start/server-only'
import { hash } from '@node-rs/argon2'
import { eq } from 'drizzle-orm'
import {
  buildBrandSpecs,
  buildCategorySpecs,
  generateProducts,
  productsPerScale,
} from './data/catalog-generator'
import { demoAccounts, demoPassword, demoSeller } from './data/demo-accounts'
import { landingPageSpecs } from './data/landing-pages'
import { refreshProductListings } from '~/features/catalog/index.server'
import { ensureDefaultContent } from '~/features/content/index.server'
import { generateMarket } from './data/market-generator'
import { planSkus, skusPerScale } from './data/sku-generator'
import { serverConfig } from '~/server/config.server'
import type { MediaStorage } from '~/server/providers/storage/storage.server'
import type { Db } from '~/server/db/client.server'
import {
  brands,
  categories,
  landingPages,
  prices,
  productAttributes,
  productPhotos,
  products,
  sellerPayoutAccounts,
  sellers,
  skus,
  stores,
  users,
} from '~/server/db/schema'
import { chunks, forEachLimited, indexBy } from '~/lib/batches'
import { openLedgersForUntrackedStock } from '~/features/inventory/index.server'
import { seedDemoQuotes } from './demo-quotes.server'
import { seedDemoOrders } from './demo-orders.server'
import { seedSubscriptions } from './demo-subscriptions.server'
import {
  chooseMagazineSellers,
  drawDemoLineSheets,
  magazineMedia,
  seedDemoMagazines,
  type SeededMagazine,
} from './demo-magazines.server'
import { log } from '~/server/log.server'
import { categoryImageKey, productPhotoKey, secondPhotoKey, seedMedia, storeLogoKey } from './media'

export interface SeedOptions {
  /** Multiplies the catalogue size (sellers, stores, products, SKUs) for benchmarks. */
  scale: number
  storage: MediaStorage
  /** The moment prices are valid from and expire relative to; defaults to now. */
  now?: Date
}

export interface SeedSummary {
  users: number
  categories: number
  brands: number
  sellers: number
  stores: number
  products: number
  skus: number
  prices: number
  magazines: number
}

/** Rows per INSERT: large enough to be fast, far below PostgreSQL's parameter limit. */
const BATCH = 500
/** Media files written at once; more buys nothing on a local disk and risks EMFILE. */
const FILE_CONCURRENCY = 32

const minutesAgo = (now: Date, minutes: number) => new Date(now.getTime() - minutes * 60_000)

/**
 * Loads the demo marketplace into an empty database: categories, brands, sellers with stores, products
 * with photos and attributes, and SKUs with price tiers, plus the documented demo accounts. The data
 * is generated from word lists with a seeded PRNG, so the same scale gives the same catalogue.
 */
export async function seedDemoData(db: Db, options: SeedOptions): Promise<SeedSummary> {
  const scale = Math.max(1, Math.floor(options.scale))
  const now = options.now ?? new Date()
  const { storage } = options

  const categorySpecs = buildCategorySpecs()
  const brandSpecs = buildBrandSpecs()
  const productSpecs = generateProducts(productsPerScale * scale)
  const market = generateMarket(scale)
  const skuPlans = planSkus({
    sellers: market.sellers,
    products: productSpecs,
    count: skusPerScale * scale,
    now,
  })
  const storeSpecs = market.sellers.flatMap((seller) => seller.stores)

  // argon2 is deliberately slow: hash once, share it between the demo accounts (the default is argon2id).
  const passwordHash = await hash(demoPassword)

  const magazineSellers = chooseMagazineSellers(market.sellers, demoAccounts.seller.cellphone)
  const media = [...seedMedia(categorySpecs, storeSpecs, productSpecs), ...magazineMedia(magazineSellers)]
  // Files are written while the database works; failures surface after the transaction.
  const writing = forEachLimited(media, FILE_CONCURRENCY, (m) => storage.put(m.key, m.body())).then(
    () => undefined,
    (error: unknown) => error,
  )

  const outcome = await db
    .transaction(async (tx): Promise<Omit<SeedSummary, 'magazines'> & { magazines: SeededMagazine[] }> => {
      const topRows = await tx
        .insert(categories)
        .values(
          categorySpecs
            .filter((c) => c.parentSlug === null)
            .map((c) => ({
              slug: c.slug,
              name: c.name,
              nameFa: c.nameFa,
              position: c.position,
              image: storage.urlFor(categoryImageKey(c.slug)),
            })),
        )
        .returning({ id: categories.id, slug: categories.slug })
      const topBySlug = indexBy(topRows, (r) => r.slug)
      const leafRows = await tx
        .insert(categories)
        .values(
          categorySpecs
            .filter((c) => c.parentSlug !== null)
            .map((c) => ({
              slug: c.slug,
              name: c.name,
              nameFa: c.nameFa,
              position: c.position,
              parentId: topBySlug(c.parentSlug ?? '').id,
              image: storage.urlFor(categoryImageKey(c.slug)),
            })),
        )
        .returning({ id: categories.id, slug: categories.slug })
      const categoryBySlug = indexBy([...topRows, ...leafRows], (r) => r.slug)

      const brandRows = await tx
        .insert(brands)
        .values(brandSpecs.map((b) => ({ slug: b.slug, name: b.name, nameFa: b.nameFa })))
        .returning({ id: brands.id, slug: brands.slug })
      const brandBySlug = indexBy(brandRows, (r) => r.slug)

      const userRows: { id: number; cellphone: string }[] = []
      for (const batch of chunks(market.users, BATCH)) {
        userRows.push(
          ...(await tx
            .insert(users)
            .values(
              batch.map((u) => ({
                cellphone: u.cellphone,
                email: u.email,
                firstName: u.firstName,
                lastName: u.lastName,
                passwordHash: u.demo ? passwordHash : null,
                isSeller: u.isSeller,
                isObserver: u.isObserver,
                isAdmin: u.isAdmin,
                createdAt: minutesAgo(now, u.createdMinutesAgo),
                updatedAt: minutesAgo(now, u.createdMinutesAgo),
              })),
            )
            .returning({ id: users.id, cellphone: users.cellphone })),
        )
      }
      const userByPhone = indexBy(userRows, (r) => r.cellphone)

      const sellerRows: { id: number; ownerUserId: number }[] = []
      for (const batch of chunks(market.sellers, BATCH)) {
        sellerRows.push(
          ...(await tx
            .insert(sellers)
            .values(
              batch.map((s) => ({
                ownerUserId: userByPhone(s.ownerPhone).id,
                legalName: s.legalName,
                displayName: s.displayName,
                displayNameFa: s.displayNameFa,
                nationalId: s.nationalId,
                phone: s.phone,
                city: s.city,
                address: s.address,
                goodsCategory: s.goodsCategory,
                status: s.status,
                statusReason: s.statusReason,
                planCode: s.planCode,
                deliveryFee: s.deliveryFee,
                freeDeliveryThreshold: s.freeDeliveryThreshold,
                createdAt: minutesAgo(now, s.createdMinutesAgo),
                updatedAt: minutesAgo(now, Math.floor(s.createdMinutesAgo / 2)),
              })),
            )
            .returning({ id: sellers.id, ownerUserId: sellers.ownerUserId })),
        )
      }
      const sellerByOwner = indexBy(sellerRows, (r) => r.ownerUserId)
      await seedSubscriptions(tx, market.sellers, (s) => sellerByOwner(userByPhone(s.ownerPhone).id).id, now)
      const demoSellerSpec = market.sellers[0]
      if (demoSellerSpec) {
        // The demo seller's bank account, registered when the seller was (a first registration holds
        // nothing), so its balance goes into payout batches. A valid Bank Melli Sheba, not a real one.
        await tx.insert(sellerPayoutAccounts).values({
          sellerId: sellerByOwner(userByPhone(demoSellerSpec.ownerPhone).id).id,
          sheba: demoSeller.sheba,
          holderName: demoSellerSpec.legalName,
          bankCode: demoSeller.sheba.slice(4, 7),
          createdAt: minutesAgo(now, demoSellerSpec.createdMinutesAgo),
        })
      }
      const observer = market.users.find((u) => u.demo === 'observer')
      if (demoSellerSpec && observer) {
        await tx
          .update(users)
          .set({ pointingSellerId: sellerByOwner(userByPhone(demoSellerSpec.ownerPhone).id).id })
          .where(eq(users.id, userByPhone(observer.cellphone).id))
      }

      const storeRows: { id: number; slug: string }[] = []
      const storeValues = market.sellers.flatMap((s) => {
        const sellerId = sellerByOwner(userByPhone(s.ownerPhone).id).id
        const created = minutesAgo(now, s.createdMinutesAgo - 60)
        return s.stores.map((store) => ({
          sellerId,
          slug: store.slug,
          name: store.name,
          nameFa: store.nameFa,
          description: store.description,
          logo: storage.urlFor(storeLogoKey(store.slug)),
          city: store.city,
          pickupAddress: store.pickupAddress,
          pickupHours: store.pickupHours,
          status: store.status,
          createdAt: created,
          updatedAt: created,
        }))
      })
      for (const batch of chunks(storeValues, BATCH)) {
        storeRows.push(
          ...(await tx.insert(stores).values(batch).returning({ id: stores.id, slug: stores.slug })),
        )
      }
      const storeBySlug = indexBy(storeRows, (r) => r.slug)

      const productRows: { id: number; slug: string }[] = []
      for (const batch of chunks(productSpecs, BATCH)) {
        productRows.push(
          ...(await tx
            .insert(products)
            .values(
              batch.map((p) => ({
                slug: p.slug,
                name: p.name,
                nameFa: p.nameFa,
                description: p.description,
                brandId: brandBySlug(p.brandSlug).id,
                categoryId: categoryBySlug(p.categorySlug).id,
                unit: p.unit,
                unitFa: p.unitFa,
                status: p.status,
                createdAt: minutesAgo(now, p.createdMinutesAgo),
                updatedAt: minutesAgo(now, Math.floor(p.createdMinutesAgo / 3)),
              })),
            )
            .returning({ id: products.id, slug: products.slug })),
        )
      }
      const productBySlug = indexBy(productRows, (r) => r.slug)
      const productIds = productSpecs.map((p) => productBySlug(p.slug).id)

      const photoValues = productSpecs.flatMap((p, i) => {
        const productId = productIds[i] ?? 0
        const first = { productId, url: storage.urlFor(productPhotoKey(p.slug)), alt: p.name, position: 0 }
        if (p.photoCount < 2) return [first]
        return [
          first,
          {
            productId,
            url: storage.urlFor(secondPhotoKey(p.slug)),
            alt: `${p.name}, second view`,
            position: 1,
          },
        ]
      })
      for (const batch of chunks(photoValues, BATCH)) await tx.insert(productPhotos).values(batch)

      const attributeValues = productSpecs.flatMap((p, i) =>
        p.attributes.map((a, position) => ({
          productId: productIds[i] ?? 0,
          key: a.key,
          value: a.value,
          position,
        })),
      )
      for (const batch of chunks(attributeValues, BATCH)) await tx.insert(productAttributes).values(batch)

      const storeIds = storeSpecs.map((s) => storeBySlug(s.slug).id)
      const skuValues = skuPlans.map((plan) => {
        const storeId = storeIds[plan.storeIndex] ?? 0
        const created = minutesAgo(now, plan.createdMinutesAgo)
        return {
          sku: `OMD-${storeId}-${String(plan.sequence).padStart(4, '0')}`,
          storeId,
          productId: productIds[plan.productIndex] ?? 0,
          remainingQuantity: plan.remainingQuantity,
          alwaysAvailable: plan.alwaysAvailable,
          piecesPerPack: plan.piecesPerPack,
          status: plan.status,
          createdAt: created,
          updatedAt: created,
        }
      })
      const skuRows: { id: number; sku: string }[] = []
      for (const batch of chunks(skuValues, BATCH)) {
        skuRows.push(...(await tx.insert(skus).values(batch).returning({ id: skus.id, sku: skus.sku })))
      }
      const skuByCode = indexBy(skuRows, (r) => r.sku)

      const priceValues = skuPlans.flatMap((plan, i) => {
        const skuId = skuByCode(skuValues[i]?.sku ?? '').id
        return plan.tiers.map((t) => ({ skuId, ...t, createdAt: t.validFrom }))
      })
      for (const batch of chunks(priceValues, BATCH)) await tx.insert(prices).values(batch)

      await tx.insert(landingPages).values(
        landingPageSpecs.map(({ heroCategorySlug, ...page }) => ({
          ...page,
          heroImage: storage.urlFor(categoryImageKey(heroCategorySlug)),
          status: 'published' as const,
        })),
      )
      await ensureDefaultContent(tx)
      // Every SKU's stock starts its ledger with one opening movement (DOMAIN.md "Stock ledger").
      await openLedgersForUntrackedStock(tx)
      if (demoSellerSpec) {
        // A few orders of the demo buyer with the demo seller, in several states, made by the real
        // state machine (timelines, invoices): the order pages have something to show at once.
        await seedDemoOrders(tx, {
          buyerUserId: userByPhone(demoAccounts.buyer.cellphone).id,
          sellerId: sellerByOwner(userByPhone(demoSellerSpec.ownerPhone).id).id,
          now,
          ...serverConfig().money,
        })
        // Requests for quotation of the demo buyer to the demo seller: new, answered and won.
        await seedDemoQuotes(tx, {
          buyerUserId: userByPhone(demoAccounts.buyer.cellphone).id,
          sellerId: sellerByOwner(userByPhone(demoSellerSpec.ownerPhone).id).id,
          now,
        })
      }
      // The catalogue's read model (listing, facets, search) is built from everything above.
      await refreshProductListings(tx)
      // A few sellers' published magazines, made by the magazines feature from their own offers.
      const seededMagazines = await seedDemoMagazines(tx, {
        chosen: magazineSellers,
        sellerIdOf: (s) => sellerByOwner(userByPhone(s.ownerPhone).id).id,
        storage,
        now,
      })

      return {
        users: userRows.length,
        categories: topRows.length + leafRows.length,
        brands: brandRows.length,
        sellers: sellerRows.length,
        stores: storeRows.length,
        products: productRows.length,
        skus: skuRows.length,
        prices: priceValues.length,
        magazines: seededMagazines,
      }
    })
    .then(
      (value) => ({ ok: true as const, value }),
      (error: unknown) => ({ ok: false as const, error }),
    )
  const writeError = await writing
  if (!outcome.ok) throw outcome.error
  if (writeError) throw writeError
  const { magazines: seededMagazines, ...counts } = outcome.value
  // The line sheet of the demo seller's magazine is drawn now (its cover is on disk by this point),
  // so the first reader gets it at once. Publishing queued the same job, which would draw it later
  // if this fails, so a failure here does not undo the demo.
  await drawDemoLineSheets(db, storage, seededMagazines).catch((error: unknown) =>
    log().warn({ err: error }, 'demo line sheet not drawn; the queued job will draw it'),
  )
  return { ...counts, magazines: seededMagazines.length }
}
