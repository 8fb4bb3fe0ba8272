/**
 * A brute-force model of the catalogue rules (docs/DOMAIN.md "Catalogue"), computed in plain
 * TypeScript from the raw tables, to check the SQL read model, filters, sorts and facets against.
 * Deliberately written from the rules, not from the SQL.
 */
import type { ProductSearch, ProductSort } from '~/features/catalog/catalog.schemas'
import type { DbOrTx } from '~/server/db/client.server'
import {
  brands,
  categories,
  orderLines,
  orders,
  prices,
  productPhotos,
  products,
  sellers,
  skus,
  stores,
} from '~/server/db/schema'

export interface ModelCard {
  id: number
  slug: string
  name: string
  brandId: number | null
  brandSlug: string | null
  brandName: string | null
  categoryPath: number[]
  storeIds: number[]
  image: string | null
  price: number
  listPrice: number | null
  moq: number
  inStock: boolean
  discount: boolean
  storeCount: number
  /** Units on lines of orders paid in the 30 days before `at` that still stand. */
  orderedUnits: number
  createdAt: number
}

export interface CatalogModel {
  cards: ModelCard[]
  categoryBySlug: Map<string, { id: number; parentId: number | null; name: string }>
  categoryChildren: (id: number | null) => { id: number; slug: string; name: string }[]
  brandBySlug: Map<string, { id: number; name: string }>
  storeBySlug: Map<string, { id: number }>
  storeSlugs: string[]
}

/** An order counts towards popularity once paid, until it is rejected or cancelled. */
const STANDING_PAID = new Set(['paid', 'accepted', 'shipped', 'delivered', 'completed'])
const POPULAR_WINDOW_MS = 30 * 24 * 60 * 60 * 1000

const effective = (t: { unitPrice: number; offerPrice: number }) =>
  t.offerPrice > 0 ? t.offerPrice : t.unitPrice

export async function loadCatalogModel(db: DbOrTx, at: Date = new Date()): Promise<CatalogModel> {
  const [
    cats,
    brandRows,
    sellerRows,
    storeRows,
    productRows,
    photoRows,
    skuRows,
    priceRows,
    orderRows,
    lineRows,
  ] = await Promise.all([
    db.select().from(categories),
    db.select().from(brands),
    db.select().from(sellers),
    db.select().from(stores),
    db.select().from(products),
    db.select().from(productPhotos),
    db.select().from(skus),
    db.select().from(prices),
    db.select().from(orders),
    db.select().from(orderLines),
  ])
  const now = at.getTime()
  const catById = new Map(cats.map((c) => [c.id, c]))
  const pathOf = (id: number) => {
    const path: number[] = []
    for (let c = catById.get(id); c; c = c.parentId === null ? undefined : catById.get(c.parentId))
      path.unshift(c.id)
    return path
  }
  const sellerById = new Map(sellerRows.map((s) => [s.id, s]))
  const storeById = new Map(storeRows.map((s) => [s.id, s]))
  const brandById = new Map(brandRows.map((b) => [b.id, b]))
  const tiersBySku = new Map<number, typeof priceRows>()
  for (const p of priceRows) tiersBySku.set(p.skuId, [...(tiersBySku.get(p.skuId) ?? []), p])
  const firstPhoto = new Map<number, { url: string; position: number; id: number }>()
  for (const p of photoRows) {
    const current = firstPhoto.get(p.productId)
    if (!current || p.position < current.position || (p.position === current.position && p.id < current.id))
      firstPhoto.set(p.productId, p)
  }

  type Entry = {
    storeId: number
    price: number
    unitPrice: number
    discounted: boolean
    min: number
    stock: boolean
  }
  const entriesByProduct = new Map<number, Entry[]>()
  for (const sku of skuRows) {
    const store = storeById.get(sku.storeId)
    const seller = store && sellerById.get(store.sellerId)
    if (sku.status !== 'active' || store?.status !== 'active' || seller?.status !== 'approved') continue
    const valid = (tiersBySku.get(sku.id) ?? []).filter(
      (t) => t.validFrom.getTime() <= now && (t.validTo === null || now < t.validTo.getTime()),
    )
    if (valid.length === 0) continue
    const entry = [...valid].sort((a, b) => a.minQuantity - b.minQuantity || effective(a) - effective(b))[0]!
    const list = entriesByProduct.get(sku.productId) ?? []
    list.push({
      storeId: sku.storeId,
      price: effective(entry),
      unitPrice: entry.unitPrice,
      discounted: entry.offerPrice > 0,
      min: entry.minQuantity,
      stock: sku.alwaysAvailable || sku.remainingQuantity > 0,
    })
    entriesByProduct.set(sku.productId, list)
  }

  const countedOrders = new Set(
    orderRows
      .filter((o) => STANDING_PAID.has(o.status) && o.paidAt && o.paidAt.getTime() > now - POPULAR_WINDOW_MS)
      .map((o) => o.id),
  )
  const unitsByProduct = new Map<number, number>()
  for (const line of lineRows) {
    if (line.productId === null || !countedOrders.has(line.orderId)) continue
    unitsByProduct.set(line.productId, (unitsByProduct.get(line.productId) ?? 0) + line.quantity)
  }

  const cards: ModelCard[] = []
  for (const p of productRows) {
    const entries = entriesByProduct.get(p.id)
    if (p.status !== 'active' || !entries?.length) continue
    const cheapest = [...entries].sort((a, b) => a.price - b.price || a.unitPrice - b.unitPrice)[0]!
    const brand = p.brandId === null ? undefined : brandById.get(p.brandId)
    cards.push({
      id: p.id,
      slug: p.slug,
      name: p.name,
      brandId: p.brandId,
      brandSlug: brand?.slug ?? null,
      brandName: brand?.name ?? null,
      categoryPath: pathOf(p.categoryId),
      storeIds: [...new Set(entries.map((e) => e.storeId))].sort((a, b) => a - b),
      image: firstPhoto.get(p.id)?.url ?? null,
      price: cheapest.price,
      listPrice: cheapest.discounted ? cheapest.unitPrice : null,
      moq: Math.min(...entries.map((e) => e.min)),
      inStock: entries.some((e) => e.stock),
      discount: entries.some((e) => e.discounted),
      storeCount: entries.length,
      orderedUnits: unitsByProduct.get(p.id) ?? 0,
      createdAt: p.createdAt.getTime(),
    })
  }
  return {
    cards,
    categoryBySlug: new Map(cats.map((c) => [c.slug, { id: c.id, parentId: c.parentId, name: c.name }])),
    categoryChildren: (id) =>
      cats
        .filter((c) => c.parentId === id)
        .sort((a, b) => a.position - b.position || a.name.localeCompare(b.name) || a.id - b.id)
        .map((c) => ({ id: c.id, slug: c.slug, name: c.name })),
    brandBySlug: new Map(brandRows.map((b) => [b.slug, { id: b.id, name: b.name }])),
    storeBySlug: new Map(storeRows.map((s) => [s.slug, { id: s.id }])),
    storeSlugs: storeRows.map((s) => s.slug),
  }
}

type Filter = Exclude<keyof ProductSearch, 'q' | 'sort' | 'page' | 'per_page'>

/** Whether a card passes the search's filters, optionally ignoring one (for facet counts). */
export function passes(
  model: CatalogModel,
  card: ModelCard,
  s: ProductSearch,
  ignore?: Filter | 'price',
): boolean {
  if (s.category && ignore !== 'category') {
    const id = model.categoryBySlug.get(s.category)?.id
    if (id === undefined || !card.categoryPath.includes(id)) return false
  }
  if (s.brand?.length && ignore !== 'brand' && !s.brand.includes(card.brandSlug ?? '')) return false
  if (s.store) {
    const id = model.storeBySlug.get(s.store)?.id
    if (id === undefined || !card.storeIds.includes(id)) return false
  }
  if (ignore !== 'price' && ignore !== 'min_price' && ignore !== 'max_price') {
    if (s.min_price !== undefined && card.price < s.min_price) return false
    if (s.max_price !== undefined && card.price > s.max_price) return false
  }
  if (s.in_stock && ignore !== 'in_stock' && !card.inStock) return false
  if (s.discount && ignore !== 'discount' && !card.discount) return false
  if (s.max_moq !== undefined && ignore !== 'max_moq' && card.moq > s.max_moq) return false
  return true
}

const comparators: Record<Exclude<ProductSort, 'relevance'>, (a: ModelCard, b: ModelCard) => number> = {
  newest: (a, b) => b.createdAt - a.createdAt || b.id - a.id,
  price_asc: (a, b) => a.price - b.price || a.id - b.id,
  price_desc: (a, b) => b.price - a.price || b.id - a.id,
  popular: (a, b) =>
    b.orderedUnits - a.orderedUnits ||
    b.storeCount - a.storeCount ||
    b.createdAt - a.createdAt ||
    b.id - a.id,
}

/** The listing's answer for a search without q: matching cards in the sort's order. */
export function expectedListing(model: CatalogModel, s: ProductSearch): ModelCard[] {
  const sort = !s.sort || s.sort === 'relevance' ? 'popular' : s.sort
  return model.cards.filter((c) => passes(model, c, s)).sort(comparators[sort])
}
