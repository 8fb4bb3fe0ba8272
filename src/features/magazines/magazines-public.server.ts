import '@tanstack/react-start/server-only'
import { m } from '~/lib/messages'
import { localName, localSellerName, localUnit } from './local-names.server'
import { formatNumber } from '~/lib/money'
import { sql } from 'drizzle-orm'
import { liveOffersOfSkus } from '~/features/catalog/index.server'
import { sellerHasLineSheets } from './magazine-line-sheet-queue.server'
import { now } from '~/server/clock.server'
import { selectRows, type DbOrTx } from '~/server/db/client.server'
import { HttpError, notFound } from '~/server/http/api-errors.server'
import {
  MAGAZINE_EXPIRED,
  PUBLIC_PAGE_SIZE,
  type MagazineCard,
  type MagazineCardPage,
  type MagazineListSearch,
  type PageAddPlan,
  type PublicItem,
  type PublicMagazine,
} from './magazines.schemas'

/**
 * The public side of magazines (issue #18): only published magazines of approved sellers exist
 * here; a draft or an unknown identify is absent (404). Items are priced live with the product
 * page's own pricing (catalog's liveOffersOfSkus), never from the magazine.
 */

/** The plan feature that gives a seller's magazines a PDF line sheet. */
const iso = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString())
const VISIBLE = sql`m.status = 'published' and se.status = 'approved'`

interface CardRow {
  identify: string
  title: string
  season: string
  cover: string | null
  seller_id: number
  seller_name: string
  store_names: string[] | null
  items: number
  cutoff_at: string | Date | null
}

// A function, not a constant: the store names are in the request's language.
const cardColumns =
  () => sql`m.identify, m.title, m.season, m.cover, m.cutoff_at, se.id as seller_id, ${localSellerName('se')} as seller_name,
  (select count(*)::int from magazine_items i join magazine_pages p on p.id = i.page_id where p.magazine_id = m.id) as items,
  (select array_agg(distinct ${localName('st')}) from magazine_items i join magazine_pages p on p.id = i.page_id
    join skus s on s.id = i.sku_id join stores st on st.id = s.store_id where p.magazine_id = m.id) as store_names`

const toCard = (r: CardRow): MagazineCard => ({
  identify: r.identify,
  title: r.title,
  season: r.season,
  cover: r.cover,
  sellerId: Number(r.seller_id),
  sellerName: r.seller_name,
  storeNames: r.store_names ?? [],
  items: Number(r.items),
  cutoffAt: iso(r.cutoff_at),
})

/** /magazine: published, not expired, newest first; search, seller and category filters, pages of 12. */
export async function listPublicMagazines(db: DbOrTx, search: MagazineListSearch): Promise<MagazineCardPage> {
  const at = now().toISOString()
  const page = search.page ?? 1
  const pattern = search.q ? `%${search.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null
  const where = sql`${VISIBLE} and (m.cutoff_at is null or m.cutoff_at > ${at}::timestamptz)
    ${pattern ? sql`and (m.title ilike ${pattern} or m.description ilike ${pattern} or m.season ilike ${pattern} or se.display_name ilike ${pattern} or se.display_name_fa ilike ${pattern})` : sql``}
    ${search.seller ? sql`and se.id = ${search.seller}` : sql``}
    ${
      search.category
        ? sql`and exists (select 1 from magazine_items i join magazine_pages p on p.id = i.page_id
            join skus s on s.id = i.sku_id join products pr on pr.id = s.product_id
            join categories c on c.id = pr.category_id
            where p.magazine_id = m.id and (c.slug = ${search.category}
              or c.parent_id in (select id from categories where slug = ${search.category})))`
        : sql``
    }`
  const rows = await selectRows<CardRow>(
    db,
    sql`select ${cardColumns()} from magazines m join sellers se on se.id = m.seller_id where ${where}
      order by m.published_at desc nulls last, m.id desc limit ${PUBLIC_PAGE_SIZE} offset ${(page - 1) * PUBLIC_PAGE_SIZE}`,
  )
  const [count] = await selectRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from magazines m join sellers se on se.id = m.seller_id where ${where}`,
  )
  const sellers = await selectRows<{ id: number; name: string }>(
    db,
    sql`select distinct se.id, ${localSellerName('se')} as name from magazines m join sellers se on se.id = m.seller_id
      where ${VISIBLE} and (m.cutoff_at is null or m.cutoff_at > ${at}::timestamptz) order by name`,
  )
  const categories = await selectRows<{ slug: string; name: string }>(
    db,
    sql`select distinct c.slug, ${localName('c')} as name from magazines m join sellers se on se.id = m.seller_id
      join magazine_pages p on p.magazine_id = m.id join magazine_items i on i.page_id = p.id
      join skus s on s.id = i.sku_id join products pr on pr.id = s.product_id join categories c on c.id = pr.category_id
      where ${VISIBLE} and (m.cutoff_at is null or m.cutoff_at > ${at}::timestamptz) order by 2`,
  )
  return {
    rows: rows.map(toCard),
    total: Number(count?.n ?? 0),
    page,
    pageSize: PUBLIC_PAGE_SIZE,
    sellers: sellers.map((s) => ({ id: Number(s.id), name: s.name })),
    categories,
  }
}

/** The plan feature that puts a seller's magazines first on the home page. */
const HOME_FEATURE = 'home_featured'

/**
 * Published, not expired magazines, newest first: the home page strip (magazines of plans with the
 * home page feature first), or one store's magazines.
 */
export async function featuredMagazines(db: DbOrTx, options: { storeSlug?: string; limit?: number } = {}) {
  const at = now().toISOString()
  const rows = await selectRows<CardRow>(
    db,
    sql`select ${cardColumns()} from magazines m join sellers se on se.id = m.seller_id
      where ${VISIBLE} and (m.cutoff_at is null or m.cutoff_at > ${at}::timestamptz)
      ${
        options.storeSlug
          ? sql`and exists (select 1 from magazine_items i join magazine_pages p on p.id = i.page_id
              join skus s on s.id = i.sku_id join stores st on st.id = s.store_id
              where p.magazine_id = m.id and st.slug = ${options.storeSlug})`
          : sql``
      }
      order by ${
        options.storeSlug
          ? sql``
          : sql`exists (select 1 from plans pl where pl.slug = se.plan_code
              and pl.features @> ${JSON.stringify([HOME_FEATURE])}::jsonb) desc,`
      } m.published_at desc nulls last, m.id desc limit ${options.limit ?? 8}`,
  )
  return rows.map(toCard)
}

interface ItemRow {
  item_id: number
  page_id: number
  note: string
  sku_id: number
  sku: string
  product_id: number
  product_slug: string
  name: string
  unit: string
  brand: string | null
  image: string | null
  store_name: string
  store_slug: string
  seller_id: number
  seller_name: string
  product_active: boolean
}

/** The public magazine, or null when there is no published magazine of an approved seller by this identify. */
export async function getPublicMagazine(db: DbOrTx, identify: string): Promise<PublicMagazine | null> {
  const [magazine] = await selectRows<{
    id: number
    identify: string
    title: string
    description: string
    season: string
    cover: string | null
    cutoff_at: string | Date | null
    published_at: string | Date | null
    seller_id: number
    seller_name: string
  }>(
    db,
    sql`select m.id, m.identify, m.title, m.description, m.season, m.cover, m.cutoff_at, m.published_at,
        se.id as seller_id, ${localSellerName('se')} as seller_name
      from magazines m join sellers se on se.id = m.seller_id
      where m.identify = ${identify} and ${VISIBLE} limit 1`,
  )
  if (!magazine) return null
  const pages = await selectRows<{
    id: number
    title: string
    layout: PublicMagazine['pages'][number]['layout']
  }>(
    db,
    sql`select id, title, layout from magazine_pages where magazine_id = ${magazine.id} order by position, id`,
  )
  const items = await selectRows<ItemRow>(
    db,
    sql`select i.id as item_id, i.page_id, i.note, s.id as sku_id, s.sku, pr.id as product_id, pr.slug as product_slug,
        ${localName('pr')} as name, ${localUnit('pr')} as unit, ${localName('b')} as brand, ${localName('st')} as store_name, st.slug as store_slug, st.seller_id, ${localSellerName('se')} as seller_name,
        pr.status = 'active' as product_active,
        (select ph.url from product_photos ph where ph.product_id = pr.id order by ph.position, ph.id limit 1) as image
      from magazine_items i join magazine_pages p on p.id = i.page_id
      join skus s on s.id = i.sku_id join products pr on pr.id = s.product_id
      left join brands b on b.id = pr.brand_id
      join stores st on st.id = s.store_id join sellers se on se.id = st.seller_id
      where p.magazine_id = ${magazine.id}
      order by i.position, i.id`,
  )
  const offers = await liveOffersOfSkus(
    db,
    items.map((i) => Number(i.sku_id)),
  )
  const toItem = (r: ItemRow): PublicItem => {
    // Only the magazine's own seller's offers are on sale from it (an item can never be another's).
    const offer =
      r.product_active && Number(r.seller_id) === Number(magazine.seller_id)
        ? offers.get(Number(r.sku_id))
        : undefined
    return {
      itemId: Number(r.item_id),
      note: r.note,
      sku: r.sku,
      productId: Number(r.product_id),
      productSlug: r.product_slug,
      name: r.name,
      unit: r.unit,
      image: r.image,
      brand: r.brand,
      storeName: r.store_name,
      sellerId: Number(r.seller_id),
      sellerName: r.seller_name,
      onOffer: Boolean(offer),
      inStock: offer ? offer.alwaysAvailable || offer.remainingQuantity >= offer.minQuantity : false,
      alwaysAvailable: offer?.alwaysAvailable ?? false,
      remainingQuantity: offer?.remainingQuantity ?? 0,
      minQuantity: offer?.minQuantity ?? 1,
      unitPrice: offer?.unitPrice ?? 0,
      offerPrice: offer?.offerPrice ?? 0,
      pricePerPiece: offer?.pricePerPiece ?? 0,
      tiers: (offer?.tiers ?? []).map((t) => ({
        minQuantity: t.minQuantity,
        unitPrice: t.unitPrice,
        offerPrice: t.offerPrice,
        pricePerPiece: t.pricePerPiece,
      })),
    }
  }
  const cutoff = iso(magazine.cutoff_at)
  return {
    identify: magazine.identify,
    title: magazine.title,
    description: magazine.description,
    season: magazine.season,
    cover: magazine.cover,
    cutoffAt: cutoff,
    publishedAt: iso(magazine.published_at),
    expired: cutoff !== null && new Date(cutoff) <= now(),
    lineSheet: await sellerHasLineSheets(db, Number(magazine.seller_id)),
    seller: { id: Number(magazine.seller_id), name: magazine.seller_name },
    stores: [
      ...new Map(items.map((i) => [i.store_slug, { slug: i.store_slug, name: i.store_name }])).values(),
    ],
    pages: pages.map((p) => ({
      id: Number(p.id),
      title: p.title,
      layout: p.layout,
      items: items.filter((i) => Number(i.page_id) === Number(p.id)).map(toItem),
    })),
  }
}

export { MAGAZINE_EXPIRED }

/** Why an item of a magazine cannot be added at its minimum quantity right now, or null when it can. */
export function unavailableReason(item: PublicItem): string | null {
  if (!item.onOffer) return m.magazines_reason_not_on_offer()
  if (!item.alwaysAvailable && item.remainingQuantity < item.minQuantity)
    return item.remainingQuantity === 0
      ? m.magazines_reason_out_of_stock()
      : m.magazines_reason_only_left({
          left: formatNumber(item.remainingQuantity),
          min: formatNumber(item.minQuantity),
        })
  return null
}

/**
 * "Add this page to basket": every available item of the page at its minimum quantity, and the
 * rest with the reason. The client sends `add` to the basket as one update (the fill endpoint when
 * signed in). An expired magazine refuses (422); an unknown page or magazine is a 404.
 */
export async function pageAddPlan(db: DbOrTx, identify: string, pageId: number): Promise<PageAddPlan> {
  const magazine = await getPublicMagazine(db, identify)
  if (!magazine) throw notFound(m.magazines_not_found())
  if (magazine.expired) throw new HttpError(422, MAGAZINE_EXPIRED())
  const page = magazine.pages.find((p) => p.id === pageId)
  if (!page) throw notFound(m.magazines_page_not_found())
  const plan: PageAddPlan = { add: [], skipped: [] }
  for (const item of page.items) {
    const reason = unavailableReason(item)
    if (reason) plan.skipped.push({ sku: item.sku, name: item.name, reason })
    else plan.add.push({ sku: item.sku, quantity: item.minQuantity, name: item.name })
  }
  return plan
}

/**
 * One item added from a magazine: the item as it is now (live price, tiers, MOQ and stock), so the
 * basket adds what the buyer sees. The cut-off is a property of the magazine, not of the SKU, so
 * the basket itself cannot know it: the magazine page asks here first, and the server refuses
 * (422) once the magazine has expired, even in a tab opened before the cut-off. An SKU that is not
 * in the magazine is a 404, like an unknown magazine.
 */
export async function magazineItemAdd(db: DbOrTx, identify: string, sku: string): Promise<PublicItem> {
  const magazine = await getPublicMagazine(db, identify)
  if (!magazine) throw notFound(m.magazines_not_found())
  if (magazine.expired) throw new HttpError(422, MAGAZINE_EXPIRED())
  const item = magazine.pages.flatMap((p) => p.items).find((i) => i.sku === sku)
  if (!item) throw notFound(m.magazines_item_not_found())
  const reason = unavailableReason(item)
  if (reason) throw new HttpError(422, reason)
  return item
}
