import * as v from 'valibot'
import { constants } from '#app-config'
import { m } from '~/lib/messages'
import { formatNumber } from '~/lib/money'
import { PURCHASE_NUMBER_PATTERN, type PlatformInvoiceSummary } from '~/features/plans'

/** Plus membership for buyers (issue #19): client-safe schemas, views and the words both sides share. */

export const PLUS_NAME = `${constants.brand.name} Plus`
/** The membership's name in the page's language ("Omdeh Plus"): call it when the words are shown. */
export const plusName = () => m.seller_plus_name({ brand: constants.brand.name })
export const PLUS_PATH = constants.brand.plusPath
/** The window of past orders the page's "you would have saved" looks at. */
export const SAVING_WINDOW_DAYS = 90
/** Reminders go out this many days before the membership ends. */
export const PLUS_REMINDER_DAYS = [7, 1] as const

export const plusPurchaseInput = v.object({
  membershipNumber: v.pipe(
    v.string(),
    v.trim(),
    v.regex(PURCHASE_NUMBER_PATTERN, () => m.tools_plans_unknown_purchase()),
  ),
})

export { plusSearch } from '~/features/plans'

/** The admin's Plus price form (minor units, VAT included). */
export const PLUS_PRICE_MESSAGE = () =>
  m.tools_plus_price_range({ min: formatNumber(1), max: formatNumber(100_000_000_000) })
export const plusPriceInput = v.object({
  yearly_price: v.pipe(
    v.number(PLUS_PRICE_MESSAGE),
    v.integer(PLUS_PRICE_MESSAGE),
    v.minValue(1, PLUS_PRICE_MESSAGE),
    v.maxValue(100_000_000_000, PLUS_PRICE_MESSAGE),
  ),
})
export type PlusPriceInput = v.InferInput<typeof plusPriceInput>

export interface PlusMembershipView {
  /** active: benefit now; none: never joined or lapsed. */
  status: 'active' | 'none'
  /** Since when the member has had Plus without a break (null when not a member). */
  member_since: string | null
  /** When the last paid year ends: the renewal date. */
  renews_on: string | null
  /** A renewal already paid: it starts at `renews_on`. */
  renewal_paid: boolean
  /** Within the reminder window: "renew now" is offered. */
  can_renew: boolean
  /** What Plus paid for delivery on this member's orders since joining. */
  saved_so_far: number
  orders_with_benefit: number
}

export interface PlusOverview {
  name: string
  yearly_price: number
  currency: string
  /** Null for a guest. */
  membership: PlusMembershipView | null
  /** Seller delivery the signed-in buyer paid in the last SAVING_WINDOW_DAYS (null for a guest). */
  would_have_saved: { amount: number; orders: number } | null
  /** The signed-in buyer's Plus invoices (the platform's own numbering). */
  invoices: PlatformInvoiceSummary[]
}

export interface PlusPurchaseView {
  number: string
  status: 'pending' | 'paid' | 'cancelled'
  amount: number
  currency: string
  period_start: string
  period_end: string
  payment: { status: string; reason: string | null; refunded: boolean } | null
}
