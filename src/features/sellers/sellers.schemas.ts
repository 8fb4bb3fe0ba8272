import * as v from 'valibot'
import { m } from '~/lib/messages'
import { INT4_MAX, trimUserText } from '~/lib/schema-pieces'
import { sellerStatuses, type SellerStatus } from '~/lib/domain-enums'
import { asciiDigits, normalizeIranMobile } from '~/features/auth'
import { isoDaySchema } from '~/lib/schema-pieces'
import { formatNumber } from '~/lib/money'

const REQUIRED = () => m.content_field_required()

/** Seller applications and profiles: one schema per input, shared by forms and server. */

/** `label` is a message, called when a value is checked (the request's or page's locale). */
const text = (label: () => string, min: number, max: number) =>
  v.pipe(
    v.string(REQUIRED),
    trimUserText(),
    v.nonEmpty(REQUIRED),
    v.minLength(min, () => m.content_field_min_length({ label: label(), min: formatNumber(min) })),
    v.maxLength(max, () => m.content_field_max_length({ label: label(), max: formatNumber(max) })),
  )

export const INVALID_PHONE = () => m.content_err_invalid_phone()

/** A business phone: a +98 mobile, or a landline with its area code (021xxxxxxxx → +9821xxxxxxxx). */
export const businessPhoneSchema = v.pipe(
  v.string(REQUIRED),
  v.trim(),
  v.nonEmpty(REQUIRED),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    const mobile = normalizeIranMobile(dataset.value)
    if (mobile.ok) return mobile.phone
    const compact = asciiDigits(dataset.value).replace(/[\s\-.()]/g, '')
    const landline = /^(?:0|\+98|0098)([1-8]\d{9})$/.exec(compact)
    if (landline) return `+98${landline[1]}`
    addIssue({ message: INVALID_PHONE() })
    return NEVER
  }),
)

export const LEGAL_ID_MESSAGE = () => m.content_err_legal_id()

const sellerDetails = {
  phone: businessPhoneSchema,
  city: text(m.content_city, 2, 60),
  address: text(m.content_address, 5, 300),
  goods_category: text(m.content_goods_category, 2, 100),
}

export const becomeSellerInput = v.object({
  business_name: text(m.content_business_name, 2, 100),
  legal_id: v.pipe(
    v.string(REQUIRED),
    v.transform((value) => asciiDigits(value).replace(/[\s-]/g, '')),
    v.nonEmpty(REQUIRED),
    v.regex(/^\d{10,12}$/, LEGAL_ID_MESSAGE),
  ),
  ...sellerDetails,
})

export const DELIVERY_FEE_MESSAGE = () => m.content_err_delivery_fee()
export const FREE_DELIVERY_THRESHOLD_MESSAGE = () => m.content_err_free_delivery()

/** A money amount typed in a form (Persian digits and thousands separators allowed) or sent as a number. */
const amountText = (value: string | number | null) =>
  value === null ? '' : typeof value === 'number' ? String(value) : asciiDigits(value).replace(/[\s,٬]/g, '')

/** Minor units, whole and non-negative; 15 digits keeps it a safe integer. */
const deliveryFeeSchema = v.pipe(
  v.union([v.string(), v.number()], DELIVERY_FEE_MESSAGE),
  v.transform((value: string | number) => amountText(value)),
  v.regex(/^\d{1,15}$/, DELIVERY_FEE_MESSAGE),
  v.transform(Number),
)

/** Empty (or null): delivery is never free. */
const freeDeliveryThresholdSchema = v.pipe(
  v.nullable(v.union([v.string(), v.number()], FREE_DELIVERY_THRESHOLD_MESSAGE)),
  v.transform(amountText),
  v.check((value) => value === '' || /^\d{1,15}$/.test(value), FREE_DELIVERY_THRESHOLD_MESSAGE),
  v.transform((value) => (value === '' ? null : Number(value))),
)

/** The display name in Persian: optional (empty: buyers browsing in Persian see the display name). */
const displayNameFaSchema = v.pipe(
  v.string(),
  trimUserText(),
  v.maxLength(100, () =>
    m.content_field_max_length({ label: m.content_display_name_fa_term(), max: formatNumber(100) }),
  ),
)

export const updateSellerProfileInput = v.object({
  display_name: text(m.content_display_name, 2, 100),
  /** Left out (an older client): unchanged. */
  display_name_fa: v.optional(displayNameFaSchema),
  ...sellerDetails,
  /** Checkout charges it per order (issue #7). Omitted: unchanged. */
  delivery_fee: v.optional(deliveryFeeSchema),
  /** Goods worth at least this travel free. Omitted: unchanged. */
  free_delivery_threshold: v.optional(freeDeliveryThresholdSchema),
})

export const sellerApplicationFilters = v.object({
  status: v.optional(v.picklist(sellerStatuses, () => m.content_err_unknown_status())),
  /** Sellers created on this Tehran day or later (the dashboard's "New sellers"). */
  since: v.optional(isoDaySchema),
  q: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.maxLength(100, () => m.content_search_max_length({ max: formatNumber(100) })),
    ),
  ),
  page: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(500)), 1),
  per_page: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(100)), 20),
})

export const REASON_REQUIRED = () => m.content_err_reason_required()

const CHOOSE_APPLICATION = () => m.content_err_choose_application()

export const sellerDecisionInput = v.pipe(
  v.object({
    seller_id: v.pipe(
      v.number(CHOOSE_APPLICATION),
      v.integer(CHOOSE_APPLICATION),
      v.minValue(1, CHOOSE_APPLICATION),
      v.maxValue(INT4_MAX, CHOOSE_APPLICATION),
    ),
    decision: v.picklist(['approve', 'reject'], () => m.content_err_choose_decision()),
    reason: v.optional(
      v.pipe(
        v.string(),
        trimUserText(),
        v.maxLength(500, () => m.content_err_reason_max({ max: formatNumber(500) })),
      ),
    ),
  }),
  v.forward(
    v.check((input) => input.decision === 'approve' || Boolean(input.reason), REASON_REQUIRED),
    ['reason'],
  ),
)

export type BecomeSellerInput = v.InferOutput<typeof becomeSellerInput>
export type UpdateSellerProfileInput = v.InferOutput<typeof updateSellerProfileInput>
export type SellerApplicationFilters = v.InferOutput<typeof sellerApplicationFilters>
export type SellerDecisionInput = v.InferOutput<typeof sellerDecisionInput>

export interface SellerProfile {
  id: number
  legal_name: string
  display_name: string
  /** The display name in Persian; null: none (the display name shows in fa too). */
  display_name_fa: string | null
  national_id: string
  phone: string
  city: string
  address: string
  goods_category: string | null
  status: SellerStatus
  status_reason: string | null
  /** Minor units per order. */
  delivery_fee: number
  /** Goods at or above this are delivered free; null: never. */
  free_delivery_threshold: number | null
  created_at: string
}

/** The seller panel's view: observers see everything but may not edit. */
export interface SellerProfileView extends SellerProfile {
  role: 'owner' | 'observer'
  can_edit: boolean
}

export interface SellerApplication extends SellerProfile {
  owner: { id: number; cellphone: string; first_name: string | null; last_name: string | null }
}

export interface SellerApplicationPage {
  items: SellerApplication[]
  total: number
  page: number
  per_page: number
}
