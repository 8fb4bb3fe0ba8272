import * as v from 'valibot'
import {
  magazineLayouts,
  magazineStatuses,
  type MagazineLayout,
  type MagazineStatus,
} from '~/lib/domain-enums'
import { skuSchema } from '~/features/basket'
import { m } from '~/lib/messages'
import { formatNumber } from '~/lib/money'
import { idSchema, intSchema, slugSchema, textSchema } from '~/lib/schema-pieces'
export { SLUG_PATTERN as IDENTIFY_PATTERN, suggestSlug as suggestIdentify } from '~/lib/schema-pieces'

/** Client-safe inputs and views of the seller's magazines and the public magazine pages (issue #18). */

export const MAX_PAGES = 40

/**
 * A magazine's files, beside its page: the PDF line sheet and the Open Graph image. Paths of their
 * own below the page's (not `/magazine/{identify}/line-sheet.pdf`, which the page route's `$identify` takes).
 */
export const lineSheetPath = (identify: string) => `/magazine/${encodeURIComponent(identify)}/line-sheet.pdf`
export const coverImagePath = (identify: string) => `/magazine/${encodeURIComponent(identify)}/cover.png`
export const MAX_NOTE = 200
export const PUBLIC_PAGE_SIZE = 12

/** How many items a page of each layout holds. */
export const LAYOUT_CAPACITY: Record<MagazineLayout, number> = { '2': 2, '4': 4, '6': 6, hero: 1 }
/** A layout's name in the page's language. */
export function layoutLabel(layout: MagazineLayout): string {
  switch (layout) {
    case '2':
      return m.magazines_layout_2()
    case '4':
      return m.magazines_layout_4()
    case '6':
      return m.magazines_layout_6()
    case 'hero':
      return m.magazines_layout_hero()
  }
}

// Messages are made when the error is, so they are in the request's language.
export const IDENTIFY_TAKEN = () => m.magazines_identify_taken()
export const PAGES_FULL = () => m.magazines_pages_full({ count: formatNumber(MAX_PAGES) })
export const PAGE_FULL = () => m.magazines_page_full()
export const ONLY_DRAFTS_DELETE = () => m.magazines_only_drafts_delete()
export const NOTHING_TO_PUBLISH = () => m.magazines_nothing_to_publish()
export const SKU_NOT_YOURS = () => m.magazines_sku_not_yours()

const identifySchema = slugSchema()

const cutoffSchema = v.union([v.literal(''), v.pipe(v.string(), v.isoTimestamp())], () =>
  m.magazines_cutoff_invalid(),
)

export const magazineFieldsSchema = v.object({
  title: textSchema(120, { min: 2 }),
  identify: identifySchema,
  description: textSchema(2000),
  season: textSchema(60),
  /** UTC ISO moment, or '' for no cut-off. */
  cutoffAt: cutoffSchema,
})
export type MagazineFields = v.InferOutput<typeof magazineFieldsSchema>

export const createMagazineInput = magazineFieldsSchema
export const updateMagazineInput = v.object({
  magazineId: idSchema,
  ...magazineFieldsSchema.entries,
  removeCover: v.optional(v.boolean(), false),
})
export const MAGAZINE_JSON_FIELDS = [
  'magazineId',
  'removeCover',
] as const satisfies readonly (keyof typeof updateMagazineInput.entries)[]

export const magazineIdInput = v.object({ magazineId: idSchema })
export const setMagazineStatusInput = v.object({ magazineId: idSchema, status: v.picklist(magazineStatuses) })

export const addMagazinePageInput = v.object({
  magazineId: idSchema,
  title: textSchema(120),
  layout: v.picklist(magazineLayouts, () => m.magazines_choose_layout()),
})
export const updateMagazinePageInput = v.object({
  magazinePageId: idSchema,
  title: textSchema(120),
  layout: v.picklist(magazineLayouts, () => m.magazines_choose_layout()),
})
export const magazinePageIdInput = v.object({ magazinePageId: idSchema })

export const addMagazineItemsInput = v.object({
  magazinePageId: idSchema,
  skuIds: v.pipe(
    v.array(idSchema),
    v.minLength(1, () => m.magazines_choose_item()),
    v.maxLength(6),
  ),
})
export const updateMagazineItemInput = v.object({
  magazineItemId: idSchema,
  note: textSchema(MAX_NOTE),
})
export const magazineItemIdInput = v.object({ magazineItemId: idSchema })

/** The whole order of a magazine: pages in order, each with its items in order (by their ids). */
export const arrangeMagazineInput = v.object({
  magazineId: idSchema,
  pages: v.pipe(
    v.array(v.object({ page: idSchema, items: v.pipe(v.array(idSchema), v.maxLength(6)) })),
    v.maxLength(MAX_PAGES),
  ),
})
export type ArrangeMagazineInput = v.InferOutput<typeof arrangeMagazineInput>

/** The seller's live SKUs to pick from (search, store, category), a page at a time. */
export const pickableSkusInput = v.object({
  q: v.optional(textSchema(100), ''),
  storeId: v.optional(v.nullable(idSchema), null),
  categoryId: v.optional(v.nullable(idSchema), null),
  page: v.optional(intSchema(1, 500), 1),
})
export type PickableSkusInput = v.InferOutput<typeof pickableSkusInput>

export { magazineListSearch, type MagazineListSearch } from './magazine-search.schemas'

export const identifyInput = v.object({ identify: identifySchema })
export const magazinePageAddsInput = v.object({ identify: identifySchema, magazinePageId: idSchema })
/** What the server says once a magazine's cut-off has passed (its adds are refused with a 422). */
export const MAGAZINE_EXPIRED = () => m.magazines_expired()

export const magazineItemAddInput = v.object({ identify: identifySchema, sku: skuSchema })
export const storeMagazinesInput = v.object({ storeSlug: v.pipe(textSchema(60, { min: 1 })) })

// ---- views ----

export type MagazineState = MagazineStatus | 'expired'

export interface MagazineSummary {
  id: number
  identify: string
  title: string
  season: string
  cover: string | null
  status: MagazineStatus
  state: MagazineState
  cutoffAt: string | null
  publishedAt: string | null
  updatedAt: string
  pages: number
  items: number
  views30d: number
  adds30d: number
  /** A published magazine of a seller whose plan has PDF line sheets: its sheet's download. */
  lineSheet: boolean
}

export interface EditorItem {
  id: number
  skuId: number
  sku: string
  name: string
  image: string | null
  storeName: string
  note: string
  /** Active SKU in an active store: publishing refuses anything else. */
  live: boolean
  /** Basket adds of this SKU made from the magazine, last 30 days. */
  adds30d: number
}

export interface EditorPage {
  id: number
  title: string
  layout: MagazineLayout
  items: EditorItem[]
  /** Visitors who saw this page of the public magazine, last 30 days. */
  views30d: number
}

export interface MagazineDetail extends MagazineSummary {
  description: string
  pagesList: EditorPage[]
}

export interface PickableSku {
  id: number
  sku: string
  name: string
  image: string | null
  storeId: number
  storeName: string
  categoryName: string
}

export interface PickableSkuPage {
  rows: PickableSku[]
  total: number
  page: number
  pageSize: number
  stores: { id: number; name: string }[]
  categories: { id: number; name: string }[]
}

export interface PublicTier {
  minQuantity: number
  unitPrice: number
  offerPrice: number
  pricePerPiece: number
}

export interface PublicItem {
  itemId: number
  note: string
  sku: string
  productId: number
  productSlug: string
  name: string
  unit: string
  image: string | null
  brand: string | null
  storeName: string
  sellerId: number
  sellerName: string
  /** Live now (active SKU, active store, approved seller, a valid tier). */
  onOffer: boolean
  inStock: boolean
  alwaysAvailable: boolean
  remainingQuantity: number
  minQuantity: number
  unitPrice: number
  offerPrice: number
  pricePerPiece: number
  tiers: PublicTier[]
}

export interface PublicPage {
  id: number
  title: string
  layout: MagazineLayout
  items: PublicItem[]
}

export interface PublicMagazine {
  identify: string
  title: string
  description: string
  season: string
  cover: string | null
  cutoffAt: string | null
  publishedAt: string | null
  expired: boolean
  /** Whether the seller's plan gives this magazine a PDF line sheet (/magazine/{identify}/line-sheet.pdf). */
  lineSheet: boolean
  seller: { id: number; name: string }
  stores: { slug: string; name: string }[]
  pages: PublicPage[]
}

export interface MagazineCard {
  identify: string
  title: string
  season: string
  cover: string | null
  sellerId: number
  sellerName: string
  storeNames: string[]
  items: number
  cutoffAt: string | null
}

export interface MagazineCardPage {
  rows: MagazineCard[]
  total: number
  page: number
  pageSize: number
  sellers: { id: number; name: string }[]
  categories: { slug: string; name: string }[]
}

export interface PageAddPlan {
  add: { sku: string; quantity: number; name: string }[]
  skipped: { sku: string; name: string; reason: string }[]
}
