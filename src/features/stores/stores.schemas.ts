import * as v from 'valibot'
import { storeStatuses, type StoreStatus } from '~/lib/domain-enums'
import { findIranCity } from '~/lib/iran-cities'
import {
  INT4_MAX,
  idSchema,
  intSchema,
  moneySchema,
  quantitySchema,
  slugSchema,
  textSchema,
} from '~/lib/schema-pieces'
import { MAX_PHOTOS, PHOTO_COUNT_MESSAGE } from '~/lib/photo-limits'
import { SKU_CODE_PATTERN } from './stores-search.schemas'
import { m } from '~/lib/messages'
import { formatNumber } from '~/lib/money'
export { SLUG_PATTERN, suggestSlug } from '~/lib/schema-pieces'
export { SKU_CODE_PATTERN, storeProductsSearch, type StoreProductsSearch } from './stores-search.schemas'

/** Client-safe input schemas of the seller's stores, SKUs and products (issue #15). */

export const MAX_TIERS = 10
export const MAX_ATTRIBUTES = 30
export const SLUG_TAKEN = () => m.seller_store_slug_taken()
export const SKU_TAKEN = () => m.seller_sku_taken()
export const ALREADY_OFFERED = () => m.seller_already_offered()
export const SLUG_LOCKED = () => m.seller_store_slug_locked()
export const CATEGORY_NOT_LEAF = () => m.seller_category_not_leaf()
export const STORE_HAS_OPEN_ORDERS = () => m.seller_store_has_open_orders()
export const CITY_NOT_LISTED = () => m.seller_city_not_listed()

/**
 * A store's city: one of Iran's listed cities (src/lib/iran-cities), stored by its English name.
 * The Persian name, another case or a known spelling ("Esfahan") is accepted and stored as listed.
 */
export const storeCitySchema = v.pipe(
  textSchema(80, { min: 1 }),
  v.check((text) => findIranCity(text) !== undefined, CITY_NOT_LISTED),
  v.transform((text) => findIranCity(text)!.name),
)

export const storeFieldsSchema = v.object({
  name: textSchema(80, { min: 2 }),
  /**
   * The store's name in Persian, shown to buyers browsing in Persian; empty: the name is shown.
   * Left out (an older client): unchanged.
   */
  nameFa: v.optional(textSchema(80)),
  slug: slugSchema(),
  description: textSchema(2000),
  city: storeCitySchema,
  pickupAddress: textSchema(300),
  pickupHours: textSchema(120),
  status: v.picklist(storeStatuses, () => m.inventory_choose_active_paused()),
})
export type StoreFields = v.InferOutput<typeof storeFieldsSchema>

export const createStoreInput = storeFieldsSchema
export const updateStoreInput = v.object({
  storeId: idSchema,
  ...storeFieldsSchema.entries,
  /** Clears the logo (ignored when a new logo file comes with the form). */
  removeLogo: v.optional(v.boolean(), false),
})
/**
 * The store forms travel as FormData (the logo is a file); these fields of updateStoreInput travel
 * as JSON, the rest as plain text.
 */
export const STORE_JSON_FIELDS = [
  'storeId',
  'removeLogo',
] as const satisfies readonly (keyof typeof updateStoreInput.entries)[]
export const storeIdInput = v.object({ storeId: idSchema })
export const setStoreStatusInput = v.object({ storeId: idSchema, status: v.picklist(storeStatuses) })

export const tierSchema = v.object({
  unitPrice: moneySchema(1),
  offerPrice: moneySchema(0),
  minQuantity: quantitySchema,
})
export type TierFields = v.InferOutput<typeof tierSchema>

export const skuFieldsSchema = v.object({
  /** Empty: the server generates one. */
  sku: v.pipe(
    textSchema(40),
    v.check(
      (s) => s === '' || SKU_CODE_PATTERN.test(s),
      () => m.seller_sku_code_characters(),
    ),
  ),
  piecesPerPack: intSchema(1, 100_000),
  alwaysAvailable: v.boolean(),
  stock: intSchema(0, 10_000_000),
  tiers: v.pipe(
    v.array(tierSchema),
    v.minLength(1, () => m.seller_tiers_at_least_one()),
    v.maxLength(MAX_TIERS, () => m.seller_tiers_at_most({ max: formatNumber(MAX_TIERS) })),
  ),
})
export type SkuFields = v.InferOutput<typeof skuFieldsSchema>

export const offerExistingProductInput = v.object({
  storeId: idSchema,
  productId: idSchema,
  ...skuFieldsSchema.entries,
})

const attributeSchema = v.object({ key: textSchema(60, { min: 1 }), value: textSchema(200, { min: 1 }) })

/** An id chosen from a list: one message, whatever is wrong (nothing chosen, or not a list id). */
const chosenId = (message: () => string) =>
  v.pipe(v.number(message), v.integer(message), v.minValue(1, message), v.maxValue(INT4_MAX, message))

export const productFieldsSchema = v.object({
  name: textSchema(160, { min: 3 }),
  categoryId: chosenId(() => m.seller_choose_category()),
  brandId: v.nullable(chosenId(() => m.seller_choose_brand_from_list())),
  /**
   * A brand not in the list, by name: with no brandId chosen, the product gets that brand as a
   * request the admin reviews (usable at once on this seller's own products). Empty: no brand.
   */
  newBrandName: v.optional(textSchema(60), ''),
  unit: textSchema(60, { min: 1 }),
  /**
   * The unit in Persian («کارتن ۱۲ عددی»), shown to buyers browsing in Persian; empty: the unit.
   * Left out (an older client): unchanged.
   */
  unitFa: v.optional(textSchema(60)),
  description: textSchema(5000),
  attributes: v.pipe(
    v.array(attributeSchema),
    v.maxLength(MAX_ATTRIBUTES, () => m.seller_attributes_at_most({ max: formatNumber(MAX_ATTRIBUTES) })),
  ),
})
/** Callers inside the server may leave out a brand request. */
export type ProductFields = Omit<v.InferOutput<typeof productFieldsSchema>, 'newBrandName'> & {
  newBrandName?: string
}

export const createProductInput = v.object({
  storeId: idSchema,
  product: productFieldsSchema,
  ...skuFieldsSchema.entries,
})

/**
 * The fields of createProductInput that travel as JSON in its FormData (nested values, numbers,
 * booleans); the SKU code travels as plain text.
 */
export const CREATE_PRODUCT_JSON_FIELDS = [
  'storeId',
  'product',
  'piecesPerPack',
  'alwaysAvailable',
  'stock',
  'tiers',
] as const satisfies readonly (keyof typeof createProductInput.entries)[]

export const updateSkuInput = v.object({
  skuId: idSchema,
  piecesPerPack: intSchema(1, 100_000),
  alwaysAvailable: v.boolean(),
  status: v.picklist(['active', 'inactive'] as const),
})

export const updateProductInput = v.object({ productId: idSchema, ...productFieldsSchema.entries })

export const catalogueSearchInput = v.object({ storeId: idSchema, q: textSchema(100, { min: 2 }) })
export const similarProductsInput = v.object({ storeId: idSchema, name: textSchema(160, { min: 3 }) })

/** A store in the seller's list. */
export interface StoreSummary {
  id: number
  name: string
  nameFa: string | null
  slug: string
  city: string
  status: StoreStatus
  logo: string | null
  liveOffers: number
  outOfStock: number
  skuCount: number
}

/** A store's overview, with its own audit history. */
export interface StoreDetail extends StoreSummary {
  description: string
  pickupAddress: string
  pickupHours: string
  ordersThisMonth: number
  hasOrders: boolean
  history: {
    id: number
    action: string
    at: string
    changes: Record<
      string,
      { before: string | number | boolean | null; after: string | number | boolean | null }
    >
    actorUserId: number | null
  }[]
}

/** A row of /seller/stores/{id}/products. */
export interface StoreProductRow {
  skuId: number
  sku: string
  productId: number
  productName: string
  image: string | null
  stock: number
  alwaysAvailable: boolean
  entryPrice: number | null
  offerPrice: number | null
  /** Tiers not expired yet: active and scheduled. */
  tierCount: number
  status: 'active' | 'inactive'
}
export interface StoreProductsPage {
  rows: StoreProductRow[]
  total: number
  page: number
  pageSize: number
}
/** A product of the shared catalogue found by the "offer an existing product" search. */
export interface CatalogueMatch {
  id: number
  name: string
  brand: string | null
  category: string
  image: string | null
  offeredHere: boolean
}

/** An SKU named by its code, as in /seller/inventory/product/{sku}/edit. */
export const skuCodeInput = v.object({
  sku: v.pipe(
    textSchema(40, { min: 1 }),
    v.regex(SKU_CODE_PATTERN, () => m.seller_not_sku_code()),
  ),
})

/** The choices of the product form. Categories form a two-level tree (`parentId` null: top level). */
export interface ProductFormChoices {
  categories: { id: number; name: string; parentId: number | null }[]
  /** Approved brands and this seller's own requests (`pending`: waiting for the admin). */
  brands: { id: number; name: string; status: 'approved' | 'pending' }[]
}

/** What /seller/inventory/product/{sku}/edit shows and may change. */
export interface SkuEditView {
  sku: {
    id: number
    sku: string
    storeId: number
    storeName: string
    piecesPerPack: number
    alwaysAvailable: boolean
    stock: number
    status: 'active' | 'inactive'
  }
  product: {
    id: number
    slug: string
    name: string
    categoryId: number
    brandId: number | null
    unit: string
    unitFa: string | null
    description: string
    attributes: { key: string; value: string }[]
    photos: { url: string; alt: string }[]
    /** The admin's review: hidden products are off the listings, with the admin's reason. */
    review: { state: 'pending' | 'approved' | 'hidden'; reason: string | null }
  }
  /** The owner edits the SKU; observers read it. */
  canEditSku: boolean
  /** Only the seller who created the product maintains it. */
  canEditProduct: boolean
  maintainedBy: 'this-seller' | 'another-seller' | 'platform'
  /** The display name of the other seller who maintains the product. */
  maintainerName: string | null
}

/**
 * A product's photos after creation, in their new order (the first is the main photo): each entry
 * is a stored photo's url to keep, or `{ file: n }` for the n-th new `photos` file sent with it.
 */
export const productPhotosInput = v.object({
  productId: idSchema,
  order: v.pipe(
    v.array(v.union([textSchema(500, { min: 1 }), v.object({ file: intSchema(0, MAX_PHOTOS - 1) })])),
    v.maxLength(MAX_PHOTOS, PHOTO_COUNT_MESSAGE),
  ),
})
export type ProductPhotosInput = v.InferOutput<typeof productPhotosInput>
export const PRODUCT_PHOTOS_JSON_FIELDS = ['productId', 'order'] as const
