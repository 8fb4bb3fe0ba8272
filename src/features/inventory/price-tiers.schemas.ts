import * as v from 'valibot'
import { skuSchema } from '~/features/basket'
import { m } from '~/lib/messages'
import { formatNumber } from '~/lib/money'
import { idSchema, INT4_MAX } from '~/lib/schema-pieces'
import { effectiveUnitPrice, type TierForRules } from './tier-rules'

/**
 * /seller/inventory/price/{sku}/create (issue #16): inputs and views, shared by the page and the
 * server. The numbers are only checked for shape here: the tier rules (tier-rules.ts) speak for
 * themselves, with their own messages, in the form and again in the transaction.
 */

export const MAX_NEW_TIERS = 10

const wholeNumber = (max: number) =>
  v.pipe(
    v.number(() => m.tools_tiers_must_be_number()),
    v.integer(() => m.tools_tiers_must_be_whole()),
    v.minValue(-max, () => m.tools_tiers_too_small()),
    v.maxValue(max, () => m.tools_tiers_too_large()),
  )

const instant = (message: () => string) => v.pipe(v.string(message), v.isoTimestamp(message))

export const newTierSchema = v.object({
  minQuantity: wholeNumber(INT4_MAX),
  unitPrice: wholeNumber(Number.MAX_SAFE_INTEGER),
  /** 0 = no discount. */
  offerPrice: wholeNumber(Number.MAX_SAFE_INTEGER),
  validFrom: instant(() => m.tools_tiers_enter_start()),
  /** null: open-ended. */
  validTo: v.nullable(instant(() => m.tools_tiers_enter_end())),
})
export type NewTier = v.InferOutput<typeof newTierSchema>

export const createTiersInput = v.object({
  sku: skuSchema,
  tiers: v.pipe(
    v.array(newTierSchema),
    v.minLength(1, () => m.tools_tiers_add_one()),
    v.maxLength(MAX_NEW_TIERS, () => m.tools_tiers_at_most({ count: formatNumber(MAX_NEW_TIERS) })),
  ),
})
export type CreateTiersInput = v.InferInput<typeof createTiersInput>

/** A tier is named by its id alone: the server finds its SKU and checks it is the seller's. */
export const expireTierInput = v.object({ tierId: idSchema })

export const skuPricesInput = v.object({ sku: skuSchema })

export type TierStateName = 'scheduled' | 'active' | 'expired'

export interface PriceTierView {
  id: number
  minQuantity: number
  unitPrice: number
  offerPrice: number
  pricePerPiece: number
  validFrom: string
  validTo: string | null
  state: TierStateName
}

export interface SkuPricesView {
  skuId: number
  sku: string
  productName: string
  /** Shown instead of `productName` in the fa locale, when the product has one. */
  productNameFa: string | null
  storeId: number
  storeName: string
  unit: string
  piecesPerPack: number
  /** The owner writes; observers read (DOMAIN.md "Observers"). */
  canEdit: boolean
  /** The server's clock when it answered: states and the preview are as of this moment. */
  now: string
  /** Scheduled and active first (by start, then quantity), expired last. */
  tiers: PriceTierView[]
}

/** What one piece costs at a tier: the price a buyer pays per pack, shared out over its pieces. */
export const pricePerPiece = (tier: { unitPrice: number; offerPrice: number }, piecesPerPack: number) =>
  Math.round(effectiveUnitPrice(tier) / Math.max(1, piecesPerPack))

/** A tier of the input or a view, as the rules see it. */
export const tierForRules = (tier: {
  minQuantity: number
  unitPrice: number
  offerPrice: number
  validFrom: string | Date
  validTo: string | Date | null
}): TierForRules => ({
  minQuantity: tier.minQuantity,
  unitPrice: tier.unitPrice,
  offerPrice: tier.offerPrice,
  validFrom: new Date(tier.validFrom),
  validTo: tier.validTo === null ? null : new Date(tier.validTo),
})

/** In the page's language: call it when rendering. */
export const tierStateLabel = (state: TierStateName): string =>
  state === 'scheduled'
    ? m.tools_tiers_state_scheduled()
    : state === 'active'
      ? m.tools_tiers_state_active()
      : m.tools_tiers_state_expired()
