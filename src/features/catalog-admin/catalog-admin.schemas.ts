import * as v from 'valibot'
import { m } from '~/lib/messages'
import { formatNumber } from '~/lib/money'
import {
  brandStatuses,
  productReviewStates,
  type BrandStatus,
  type ProductReviewState,
} from '~/lib/domain-enums'
import { idSchema, intSchema, slugSchema, textSchema } from '~/lib/schema-pieces'

/** Client-safe schemas of the admin's catalogue pages: brands, the product review queue, categories. */

export const BRAND_NAME_MAX = 60
/** A seller may have this many brand requests waiting at once … */
export const MAX_PENDING_BRAND_REQUESTS = 5
/** … and make this many in a day (Tehran day or not: a rolling 24 hours). */
export const MAX_BRAND_REQUESTS_PER_DAY = 10
export const BRAND_REQUESTS_PENDING_LIMIT = () =>
  m.content_err_brand_requests_pending({ max: formatNumber(MAX_PENDING_BRAND_REQUESTS) })
export const BRAND_REQUESTS_DAILY_LIMIT = () =>
  m.content_err_brand_requests_daily({ max: formatNumber(MAX_BRAND_REQUESTS_PER_DAY) })
export const BRAND_NAME_TAKEN = () => m.content_err_brand_name_taken()
export const BRAND_SLUG_TAKEN = () => m.content_err_slug_taken()

const slugField = slugSchema(2)
export const brandNameSchema = textSchema(BRAND_NAME_MAX, { min: 2 })
const reasonSchema = textSchema(500, { min: 3 })
const pageSchema = v.optional(intSchema(1, 500), 1)

/** A slug from a name (Latin letters and digits), with a fallback for names that have none. */
export function slugFromName(name: string, fallback: string): string {
  const slug = name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 50)
    .replace(/-+$/g, '')
  return slug.length >= 2 ? slug : fallback
}

// ── Brands ────────────────────────────────────────────────────────────────────────────────────────

export const brandListFilters = v.object({
  q: v.optional(textSchema(100)),
  status: v.optional(v.picklist(brandStatuses)),
  page: pageSchema,
})
export type BrandListFilters = v.InferInput<typeof brandListFilters>

export interface AdminBrand {
  id: number
  slug: string
  name: string
  status: BrandStatus
  products: number
  requestedBy: { sellerId: number; name: string } | null
  createdAt: string
}
export interface AdminBrandPage {
  items: AdminBrand[]
  total: number
  pending: number
  page: number
  perPage: number
}

export const createBrandInput = v.object({ name: brandNameSchema, slug: v.optional(slugField) })
export const renameBrandInput = v.object({ brandId: idSchema, name: brandNameSchema, slug: slugField })
export const mergeBrandInput = v.object({ brandId: idSchema, intoBrandId: idSchema })
export const approveBrandInput = v.object({ brandId: idSchema })
export const rejectBrandInput = v.object({ brandId: idSchema, reason: reasonSchema })

// ── Product review queue ──────────────────────────────────────────────────────────────────────────

export const reviewQueueFilters = v.object({
  state: v.optional(v.picklist(productReviewStates)),
  q: v.optional(textSchema(100)),
  page: pageSchema,
})
export type ReviewQueueFilters = v.InferInput<typeof reviewQueueFilters>

export interface ReviewQueueItem {
  id: number
  slug: string
  name: string
  image: string | null
  brandName: string | null
  brandPending: boolean
  categoryName: string
  seller: { id: number; name: string } | null
  state: ProductReviewState
  reason: string | null
  submittedAt: string | null
  reviewedAt: string | null
  /** Listed for buyers right now. */
  listed: boolean
}
export interface ReviewQueuePage {
  items: ReviewQueueItem[]
  total: number
  counts: Record<ProductReviewState, number>
  page: number
  perPage: number
}

export const reviewProductInput = v.variant('decision', [
  v.object({ productId: idSchema, decision: v.literal('approve') }),
  v.object({ productId: idSchema, decision: v.literal('unhide') }),
  v.object({ productId: idSchema, decision: v.literal('hide'), reason: reasonSchema }),
])
export type ReviewProductInput = v.InferOutput<typeof reviewProductInput>

export const adminProductIdInput = v.object({ productId: idSchema })
export const adminEditProductInput = v.object({
  productId: idSchema,
  name: textSchema(160, { min: 3 }),
  unit: textSchema(60, { min: 1 }),
  /** The unit in Persian, shown in fa; empty: the unit is shown. Left out: unchanged. */
  unitFa: v.optional(textSchema(60)),
  description: textSchema(5000),
  categoryId: idSchema,
  brandId: v.nullable(idSchema),
  /** Why the admin changed a seller's product: kept in the audit log and sent to the seller. */
  reason: reasonSchema,
})
export const ADMIN_EDIT_NOTHING_CHANGED = () => m.content_err_nothing_changed()
export type AdminEditProductInput = v.InferOutput<typeof adminEditProductInput>

export interface AdminProductDetail {
  id: number
  slug: string
  name: string
  unit: string
  unitFa: string | null
  description: string
  categoryId: number
  brandId: number | null
  state: ProductReviewState
  reason: string | null
  seller: { id: number; name: string } | null
  listed: boolean
  photos: { url: string; alt: string }[]
  /** The admin edits of this product, newest first. */
  history: { at: string; reason: string | null; fields: string[] }[]
  categories: { id: number; name: string; parentId: number | null }[]
  brands: { id: number; name: string; status: BrandStatus }[]
}

// ── Categories ────────────────────────────────────────────────────────────────────────────────────

export interface AdminCategory {
  id: number
  parentId: number | null
  slug: string
  name: string
  image: string | null
  position: number
  /** Products directly in this category (what a merge moves; a category with any is not deleted). */
  products: number
  /** Products in this category and all its subcategories (what the tree shows). */
  totalProducts: number
}

export const createCategoryInput = v.object({
  name: textSchema(80, { min: 2 }),
  slug: v.optional(slugField),
  parentId: v.nullable(idSchema),
})
export const renameCategoryInput = v.object({
  categoryId: idSchema,
  name: textSchema(80, { min: 2 }),
  slug: slugField,
})
export const moveCategoryInput = v.object({ categoryId: idSchema, parentId: v.nullable(idSchema) })
export const reorderCategoryInput = v.object({ categoryId: idSchema, direction: v.picklist(['up', 'down']) })
export const deleteCategoryInput = v.object({ categoryId: idSchema })
export const mergeCategoryInput = v.object({ categoryId: idSchema, intoCategoryId: idSchema })
export const CATEGORY_CYCLE = () => m.server_error_category_cycle()
export const CATEGORY_HAS_PRODUCTS = () => m.content_err_category_has_products()
export const CATEGORY_HAS_CHILDREN = () => m.content_err_category_has_children()

/**
 * A category's image: FormData with `categoryId` and `removeImage` as JSON and at most one `image`
 * file (a new file replaces the current image; `removeImage` without a file clears it).
 */
export const categoryImageInput = v.object({
  categoryId: idSchema,
  removeImage: v.optional(v.boolean(), false),
})
export type CategoryImageInput = v.InferOutput<typeof categoryImageInput>
export const CATEGORY_IMAGE_JSON_FIELDS = ['categoryId', 'removeImage'] as const
export const CATEGORY_IMAGE_NOTHING = () => m.content_err_category_image_nothing()
