import * as v from 'valibot'
import { INT4_MAX } from '~/lib/schema-pieces'
import { sellerStatuses, type SellerStatus } from '~/lib/domain-enums'
import { REQUIRED, asciiDigits, normalizeIranMobile } from '~/features/auth/auth.schemas'
import { isoDay } from '~/features/admin/admin.schemas'

/** Seller applications and profiles: one schema per input, shared by forms and server. */

const text = (label: string, min: number, max: number) =>
  v.pipe(
    v.string(REQUIRED),
    v.trim(),
    v.nonEmpty(REQUIRED),
    v.minLength(min, `${label} must be at least ${min} characters`),
    v.maxLength(max, `${label} must be at most ${max} characters`),
  )

export const INVALID_PHONE = 'Enter a valid Iranian phone number (mobile or landline with area code)'

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
    addIssue({ message: INVALID_PHONE })
    return NEVER
  }),
)

export const LEGAL_ID_MESSAGE = 'Enter the national or economic id: 10 to 12 digits'

const sellerDetails = {
  phone: businessPhoneSchema,
  city: text('City', 2, 60),
  address: text('Address', 5, 300),
  goods_category: text('Category of goods', 2, 100),
}

export const becomeSellerInput = v.object({
  business_name: text('Business name', 2, 100),
  legal_id: v.pipe(
    v.string(REQUIRED),
    v.transform((value) => asciiDigits(value).replace(/[\s-]/g, '')),
    v.nonEmpty(REQUIRED),
    v.regex(/^\d{10,12}$/, LEGAL_ID_MESSAGE),
  ),
  ...sellerDetails,
})

export const DELIVERY_FEE_MESSAGE = 'Enter the delivery fee as a whole number, 0 or more (0: free delivery)'
export const FREE_DELIVERY_THRESHOLD_MESSAGE =
  'Enter the free-delivery amount as a whole number, 0 or more, or leave it empty'

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

export const updateSellerProfileInput = v.object({
  display_name: text('Display name', 2, 100),
  ...sellerDetails,
  /** Checkout charges it per order (issue #7). Omitted: unchanged. */
  delivery_fee: v.optional(deliveryFeeSchema),
  /** Goods worth at least this travel free. Omitted: unchanged. */
  free_delivery_threshold: v.optional(freeDeliveryThresholdSchema),
})

export const sellerApplicationFilters = v.object({
  status: v.optional(v.picklist(sellerStatuses, 'Unknown status')),
  /** Sellers created on this Tehran day or later (the dashboard's "New sellers"). */
  since: v.optional(isoDay),
  q: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100, 'Search must be at most 100 characters'))),
  page: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(500)), 1),
  per_page: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(100)), 20),
})

export const REASON_REQUIRED = 'Give the applicant a reason for the rejection'

export const sellerDecisionInput = v.pipe(
  v.object({
    seller_id: v.pipe(
      v.number('Choose an application'),
      v.integer('Choose an application'),
      v.minValue(1, 'Choose an application'),
      v.maxValue(INT4_MAX, 'Choose an application'),
    ),
    decision: v.picklist(['approve', 'reject'], 'Choose approve or reject'),
    reason: v.optional(
      v.pipe(v.string(), v.trim(), v.maxLength(500, 'The reason must be at most 500 characters')),
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
