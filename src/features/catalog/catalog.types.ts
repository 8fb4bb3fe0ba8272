import type { PerPage, ProductSearch, ProductSort } from './catalog.schemas'

/** Shapes the catalogue server returns (JSON-safe: numbers, strings, booleans, arrays). */

export interface CategoryNode {
  id: number
  slug: string
  name: string
  image: string | null
  /** Listed products in this category and below. */
  productCount: number
  children: CategoryNode[]
}

/** A run of a product name, marked when it matched the search words. */
export interface HighlightPart {
  text: string
  match: boolean
}

export interface ProductCard {
  id: number
  slug: string
  name: string
  unit: string
  brand: string | null
  /** The first photo. */
  image: string | null
  /** Lowest current price over the live offers' entry tiers, minor units (offer price where discounted). */
  lowestPrice: number
  /** The undiscounted unit price of that same tier, when it is discounted. */
  listPrice: number | null
  /** Lowest minimum order quantity over the live offers. */
  moq: number
  inStock: boolean
  hasDiscount: boolean
  storeCount: number
  /** The name split into matched and unmatched runs, when there was a search. */
  highlight?: HighlightPart[]
}

export interface FacetOption {
  slug: string
  name: string
  count: number
}

export interface ListingFacets {
  /** Sub-categories of the selected category (top-level ones when none), with counts. */
  categories: FacetOption[]
  /** The selected category and its ancestors, root first (for breadcrumbs). */
  categoryTrail: { slug: string; name: string }[]
  brands: FacetOption[]
  /** Lowest and highest card price among the products the other filters leave. */
  price: { min: number; max: number } | null
  inStock: number
  discount: number
  /** Products whose MOQ is at most each threshold. */
  maxMoq: { value: number; count: number }[]
  /**
   * The counts were taken over the first few thousand matches only (a broad search or filter):
   * they show which options exist, not how many products each has.
   */
  approximate: boolean
}

export interface ProductListing {
  items: ProductCard[]
  /** Matching products; when `totalCapped`, at least this many (counting stops there). */
  total: number
  totalCapped: boolean
  page: number
  perPage: PerPage
  pageCount: number
  sort: ProductSort
  /** The search after typo correction, when a word was replaced ("Showing results for ..."). */
  correctedQuery: string | null
  facets: ListingFacets
  /** What was asked, normalised (unknown parameters dropped). */
  search: ProductSearch
}

export interface PriceTier {
  minQuantity: number
  unitPrice: number
  /** 0: no discount. */
  offerPrice: number
  pricePerPiece: number
  validFrom: string
  validTo: string | null
}

/** Spec §3 "Product offer on a store", plus its tiers and a link to the store. */
export interface ProductOffer {
  sku: string
  /** In the request's language (the Persian name in fa when the store has one). */
  storeName: string
  storeSlug: string
  storeCity: string
  sellerId: number
  sellerName: string
  /** The entry tier (lowest minimum quantity) of the valid tiers. */
  unitPrice: number
  offerPrice: number
  pricePerPiece: number
  minQuantity: number
  alwaysAvailable: boolean
  remainingQuantity: number
  piecesPerPack: number
  tiers: PriceTier[]
}

export interface ProductDetail {
  id: number
  slug: string
  name: string
  /** The Persian name, when the product has one (shown beside the name, lang="fa"). */
  nameFa: string | null
  description: string
  unit: string
  /** The selling unit in Persian, when the product has one (`unitInLocale`). */
  unitFa: string | null
  brand: { slug: string; name: string } | null
  /** Root first, the product's own category last. */
  categoryTrail: { slug: string; name: string }[]
  photos: { url: string; alt: string }[]
  attributes: { key: string; value: string }[]
  /** Cheapest first. Empty when nobody sells it right now. */
  offers: ProductOffer[]
  lowestPrice: number | null
  listPrice: number | null
  moq: number | null
  inStock: boolean
}

export interface StoreSummary {
  slug: string
  name: string
  description: string
  logo: string | null
  city: string
  sellerId: number
  sellerName: string
  /** Products it currently offers. */
  productCount: number
  /** ISO time the store was opened ("member since"). */
  memberSince: string
}

export interface StoreList {
  items: StoreSummary[]
  total: number
  page: number
  perPage: number
}

export interface Suggestion {
  kind: 'product' | 'category' | 'brand'
  label: string
  /** Where choosing it goes: a product page, or a listing search. */
  href: string
  highlight: HighlightPart[]
}

/** The home page's product and store strips. */
export interface HomeSections {
  newProducts: ProductCard[]
  discountedProducts: ProductCard[]
  featuredStores: StoreSummary[]
}
