import '@tanstack/react-start/server-only'
import { and, asc, desc, eq, sql } from 'drizzle-orm'
import type { DbOrTx } from '~/server/db/client.server'
import { brands, categories, productPhotos, products } from '~/server/db/schema'
import type { CategoryNode, ProductCard } from './catalog.schemas'

/** The whole category tree, siblings in their display order. */
export async function listCategoryTree(db: DbOrTx): Promise<CategoryNode[]> {
  const rows = await db
    .select({
      id: categories.id,
      parentId: categories.parentId,
      slug: categories.slug,
      name: categories.name,
      image: categories.image,
    })
    .from(categories)
    .orderBy(asc(categories.position), asc(categories.name))
  const nodes = new Map<number, CategoryNode>(
    rows.map((row) => [row.id, { id: row.id, slug: row.slug, name: row.name, image: row.image, children: [] }]),
  )
  const roots: CategoryNode[] = []
  for (const row of rows) {
    const node = nodes.get(row.id)!
    const parent = row.parentId === null ? undefined : nodes.get(row.parentId)
    if (parent) parent.children.push(node)
    else roots.push(node)
  }
  return roots
}

/**
 * The best current offer of each product across approved sellers' active stores: the lowest
 * effective price of any currently valid tier.
 */
const bestOffer = sql`lateral (
  select
    min(case when pr.offer_price > 0 then pr.offer_price else pr.unit_price end) as lowest_price,
    (array_agg(case when pr.offer_price > 0 then pr.unit_price end
       order by case when pr.offer_price > 0 then pr.offer_price else pr.unit_price end))[1] as list_price,
    count(distinct s.store_id) as store_count
  from skus s
  join stores st on st.id = s.store_id and st.status = 'active'
  join sellers se on se.id = st.seller_id and se.status = 'approved'
  join prices pr on pr.sku_id = s.id and pr.valid_from <= now() and (pr.valid_to is null or pr.valid_to > now())
  where s.product_id = ${products.id} and s.status = 'active'
) as best_offer`

/** Newest active products that someone currently sells. */
export async function listFeaturedProducts(db: DbOrTx, limit: number): Promise<ProductCard[]> {
  const firstPhoto = db
    .select({ url: productPhotos.url })
    .from(productPhotos)
    .where(eq(productPhotos.productId, products.id))
    .orderBy(asc(productPhotos.position))
    .limit(1)
  const rows = await db
    .select({
      id: products.id,
      slug: products.slug,
      name: products.name,
      unit: products.unit,
      brand: brands.name,
      image: sql<string | null>`(${firstPhoto})`,
      lowestPrice: sql<string>`best_offer.lowest_price`,
      listPrice: sql<string | null>`best_offer.list_price`,
      storeCount: sql<string>`best_offer.store_count`,
    })
    .from(products)
    .leftJoin(brands, eq(brands.id, products.brandId))
    .innerJoin(bestOffer, sql`best_offer.store_count > 0`)
    .where(and(eq(products.status, 'active')))
    .orderBy(desc(products.createdAt), desc(products.id))
    .limit(limit)
  return rows.map((row) => ({
    ...row,
    lowestPrice: Number(row.lowestPrice),
    listPrice: row.listPrice === null ? null : Number(row.listPrice),
    storeCount: Number(row.storeCount),
  }))
}
