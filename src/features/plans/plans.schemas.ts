import * as v from 'valibot'
import { m } from '~/lib/messages'
import { stripBidiControls } from '~/lib/bidi-controls'
import { trimUserText } from '~/lib/schema-pieces'
import { formatNumber } from '~/lib/money'
import { billingCycles, type BillingCycle, type PlanLimitKind } from '~/lib/domain-enums'
import { PURCHASE_NUMBER_PATTERN } from './purchase-search.schemas'

/** Seller plans (issue #19): client-safe schemas, views and the words the UI and server share. */

export const planSlugSchema = v.pipe(
  v.string(),
  v.trim(),
  v.regex(/^[a-z][a-z0-9-]{1,31}$/, () => m.tools_plans_choose_a_plan()),
)
export const billingCycleSchema = v.picklist(billingCycles, () => m.tools_plans_choose_cycle())

/** "Choose" on /subscription: the quote first, then the payment. */
export const choosePlanInput = v.object({ plan: planSlugSchema, cycle: billingCycleSchema })
export type ChoosePlanInput = v.InferInput<typeof choosePlanInput>

export { PURCHASE_NUMBER_PATTERN, subscriptionSearch } from './purchase-search.schemas'
export const purchaseNumberSchema = v.pipe(
  v.string(),
  v.trim(),
  v.regex(PURCHASE_NUMBER_PATTERN, () => m.tools_plans_unknown_purchase()),
)
export const purchaseResultInput = v.object({ purchaseNumber: purchaseNumberSchema })

type LimitWords = { one: string; many: string; column: string }
/** Words read when shown (getters), so they follow the page's or the request's language. */
const limitWords = (one: () => string, many: () => string, column: () => string): LimitWords => ({
  get one() {
    return one()
  },
  get many() {
    return many()
  },
  get column() {
    return column()
  },
})
export const limitKindLabels: Record<PlanLimitKind, LimitWords> = {
  stores: limitWords(
    m.seller_plan_limit_stores_one,
    m.seller_plan_limit_stores_many,
    m.seller_plan_limit_stores,
  ),
  skus: limitWords(m.seller_plan_limit_skus_one, m.seller_plan_limit_skus_many, m.seller_plan_limit_skus),
  magazines: limitWords(
    m.seller_plan_limit_magazines_one,
    m.seller_plan_limit_magazines_many,
    m.seller_plan_limit_magazines,
  ),
  observers: limitWords(
    m.seller_plan_limit_observers_one,
    m.seller_plan_limit_observers_many,
    m.seller_plan_limit_observers,
  ),
  importRows: limitWords(
    m.seller_plan_limit_import_rows_one,
    m.seller_plan_limit_import_rows_many,
    m.seller_plan_limit_import_rows,
  ),
}

/** The features a plan can include; their names are words, so they are asked for when shown. */
export const PLAN_FEATURES = ['magazine_pdf', 'home_featured'] as const
export const featureLabel = (key: string): string =>
  key === 'magazine_pdf'
    ? m.tools_plans_feature_magazine_pdf()
    : key === 'home_featured'
      ? m.tools_plans_feature_home_featured()
      : key

export interface PlanView {
  slug: string
  name: string
  description: string
  monthly_price: number
  yearly_price: number
  /** What a year costs less than twelve months. */
  yearly_saving: number
  limits: Record<PlanLimitKind, number | null>
  features: string[]
  status: 'active' | 'retired'
}

export interface LimitUsage {
  kind: PlanLimitKind
  /** For importRows: the per-file limit, so `used` is 0. */
  used: number
  limit: number | null
  remaining: number | null
  allowed: boolean
  /** Why a new one is refused (names the plan, the limit and the plan that would allow it). */
  reason: string | null
}

export interface SubscriptionPeriodView {
  plan_slug: string
  plan_name: string
  billing_cycle: BillingCycle
  period_start: string
  period_end: string
  status: 'scheduled' | 'active' | 'ended' | 'replaced'
  ends_to_free: boolean
}

export interface PlatformInvoiceSummary {
  id: number
  number: string
  issued_at: string
  description: string
  total: number
  currency: string
}

export interface SubscriptionOverview {
  plan: PlanView
  current: SubscriptionPeriodView | null
  next: SubscriptionPeriodView | null
  /** active: in the paid period; grace: past its end, still in force; null when on Free. */
  phase: 'active' | 'ending' | 'grace' | null
  /** When the seller moves to Free if nothing is paid (the end plus the grace days). */
  lapses_at: string | null
  usage: LimitUsage[]
  invoices: PlatformInvoiceSummary[]
  can_manage: boolean
}

export interface PlanQuote {
  kind: 'new' | 'upgrade' | 'renewal' | 'downgrade' | 'to_free'
  plan_slug: string
  plan_name: string
  cycle: BillingCycle
  list_price: number
  /** Unused days of the current period, credited against an upgrade. */
  credit: number
  credit_days: number
  /**
   * Days added to the new period because the credit is worth more than its price (then `amount`
   * is 0 and the change applies at once, without a payment).
   */
  extra_days: number
  amount: number
  currency: string
  period_start: string
  period_end: string
  /** Plain words for the confirmation step. */
  summary: string
}

export interface PurchaseResultView {
  number: string
  status: 'pending' | 'paid' | 'cancelled'
  plan_name: string | null
  cycle: BillingCycle | null
  amount: number
  currency: string
  period_start: string
  period_end: string
  payment: { status: string; reason: string | null; refunded: boolean } | null
}

/** Days of grace after a period ends before the seller moves to Free. */
export const GRACE_DAYS = 7
/** Reminders go out this many days before the end. */
export const REMINDER_DAYS = [7, 1] as const

/** What an admin may set on a plan at /admin/plans. Prices in rials, VAT included. */
export const PLAN_PRICE_MAX = 100_000_000_000
const planPrice = v.pipe(
  v.number(() => m.tools_plans_enter_price()),
  v.integer(() => m.tools_plans_enter_whole_rials()),
  v.minValue(0, () => m.tools_plans_price_negative()),
  v.maxValue(PLAN_PRICE_MAX, () => m.tools_plans_price_max({ max: formatNumber(PLAN_PRICE_MAX) })),
)
/** A limit: a whole number from 0, or null for "no limit". */
const planLimit = v.nullable(
  v.pipe(
    v.number(() => m.tools_plans_enter_limit()),
    v.integer(() => m.tools_plans_enter_whole()),
    v.minValue(0, () => m.tools_plans_limit_negative()),
    v.maxValue(10_000_000, () => m.tools_plans_limit_max({ max: formatNumber(10_000_000) })),
  ),
)
export const planFeatureKeys = [...PLAN_FEATURES] as [string, ...string[]]
export const adminPlanInput = v.object({
  planId: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(2_147_483_647)),
  name: v.pipe(
    v.string(),
    trimUserText(),
    v.minLength(2, () => m.tools_plans_name_length()),
    v.maxLength(40, () => m.tools_plans_name_length()),
  ),
  description: v.pipe(
    v.string(),
    trimUserText(),
    v.maxLength(300, () => m.tools_plans_description_length()),
  ),
  /** Persian name and description (shown in fa); empty: the English shows in their place. */
  name_fa: v.optional(
    v.pipe(
      v.nullable(v.string()),
      v.transform((value) => stripBidiControls(value ?? '').trim()),
      v.check(
        (value) => value === '' || value.length >= 2,
        () => m.tools_plans_name_fa_length(),
      ),
      v.maxLength(40, () => m.tools_plans_name_fa_length()),
      v.transform((value) => value || null),
    ),
  ),
  description_fa: v.optional(
    v.pipe(
      v.nullable(v.string()),
      v.transform((value) => stripBidiControls(value ?? '').trim()),
      v.maxLength(300, () => m.tools_plans_description_fa_length()),
      v.transform((value) => value || null),
    ),
  ),
  monthly_price: planPrice,
  yearly_price: planPrice,
  limits: v.object({
    stores: planLimit,
    skus: planLimit,
    magazines: planLimit,
    observers: planLimit,
    importRows: planLimit,
  }),
  features: v.pipe(
    v.array(v.picklist(planFeatureKeys, () => m.tools_plans_unknown_feature())),
    v.maxLength(planFeatureKeys.length),
  ),
  status: v.picklist(['active', 'retired'], () => m.tools_plans_choose_status()),
})
export type AdminPlanInput = v.InferInput<typeof adminPlanInput>

export interface AdminPlanView extends PlanView {
  id: number
  /** Both texts, for the editor (`name` and `description` are the admin's locale's). */
  name_en: string
  description_en: string
  name_fa: string | null
  description_fa: string | null
  /** Sellers whose plan in force this is. */
  sellers: number
}
