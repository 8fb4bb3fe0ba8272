import * as v from 'valibot'
import { skuSchema } from '~/features/basket/basket.schemas'
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
    v.number('Must be a number'),
    v.integer('Must be a whole number'),
    v.minValue(-max, 'Is too small'),
    v.maxValue(max, 'Is too large'),
  )

const instant = (message: string) => v.pipe(v.string(message), v.isoTimestamp(message))

export const newTierSchema = v.object({
  minQuantity: wholeNumber(INT4_MAX),
  unitPrice: wholeNumber(Number.MAX_SAFE_INTEGER),
  /** 0 = no discount. */
  offerPrice: wholeNumber(Number.MAX_SAFE_INTEGER),
  validFrom: instant('Enter the date and time the tier starts'),
  /** null: open-ended. */
  validTo: v.nullable(instant('Enter the date and time the tier ends, or leave it empty')),
})
export type NewTier = v.InferOutput<typeof newTierSchema>

export const createTiersInput = v.object({
  sku: skuSchema,
  tiers: v.pipe(
    v.array(newTierSchema),
    v.minLength(1, 'Add at least one tier'),
    v.maxLength(MAX_NEW_TIERS, `At most ${MAX_NEW_TIERS} tiers at once`),
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

export const tierStateLabels: Record<TierStateName, string> = {
  scheduled: 'Scheduled',
  active: 'Active',
  expired: 'Expired',
}
