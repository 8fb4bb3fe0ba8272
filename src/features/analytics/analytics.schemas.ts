import * as v from 'valibot'
import { constants } from '#app-config'
import { m } from '~/lib/messages'
import { plainNumber } from '~/lib/plain-number'

/** Spec §4 analytics events: sign-in and account. */
export const authEventNames = [
  'auth_login_started',
  'auth_otp_requested',
  'auth_otp_verified',
  'auth_password_attempted',
  'auth_completed',
  'auth_failed',
  'auth_logout',
  'auth_register_started',
  'auth_register_completed',
  'auth_register_failed',
  'auth_otp_resend',
  'auth_otp_verification_failed',
  'auth_password_update_started',
  'auth_password_update_completed',
  'auth_password_update_failed',
  'auth_profile_updated',
] as const

/** Spec §4 analytics events: the basket. */
export const cartEventNames = [
  'cart_viewed',
  'cart_item_added',
  'cart_item_updated',
  'cart_item_removed',
  'cart_restored',
  'cart_merged',
  'cart_proceed_to_checkout',
  'cart_totals_recalculated',
  'cart_qty_incremented',
  'cart_qty_decremented',
  'cart_price_changed',
  'cart_item_unavailable',
  'cart_alert_quantity',
  'cart_alert_effective_price',
  'cart_alert_item_deleted',
  'cart_store_emptied',
  'cart_cleared',
] as const

/** The spec's tracked cart names, for the basket code (issue #6) to use. */
export const CART_EVENTS = {
  RESTORED: 'cart_restored',
  ITEM_ADDED: 'cart_item_added',
  ITEM_REMOVED: 'cart_item_removed',
  ITEM_UPDATED: 'cart_item_updated',
  ITEM_QTY_INCREMENTED: 'cart_qty_incremented',
  ITEM_QTY_DECREMENTED: 'cart_qty_decremented',
  STORE_EMPTIED: 'cart_store_emptied',
  CART_CLEARED: 'cart_cleared',
  TOTALS_RECALCULATED: 'cart_totals_recalculated',
  MERGED: 'cart_merged',
} as const satisfies Record<string, (typeof cartEventNames)[number]>

/** Spec §7 telemetry: route and page-view tracking. */
export const navigationEventNames = ['page_view', 'route_change'] as const

/**
 * Magazines (issue #18): one page of a magazine came into view, once per page per visit. Props:
 * `page` (the magazine page's id); the path is the magazine's (`/magazine/{identify}`).
 */
export const magazineEventNames = ['magazine_page_viewed'] as const

export const analyticsEventNames = [
  ...navigationEventNames,
  ...authEventNames,
  ...cartEventNames,
  ...magazineEventNames,
] as const
export type AnalyticsEventName = (typeof analyticsEventNames)[number]

/** Event properties: a flat bag of short scalars; nothing nested, nothing large. */
const propValue = v.union([v.pipe(v.string(), v.maxLength(500)), v.number(), v.boolean(), v.null()])
const props = v.pipe(
  v.record(v.pipe(v.string(), v.regex(/^[a-z][a-z0-9_]{0,39}$/i)), propValue),
  v.check(
    (value) => Object.keys(value).length <= 20,
    () => m.server_analytics_props_max({ max: plainNumber(20) }),
  ),
)

export const analyticsEventSchema = v.object({
  name: v.picklist(analyticsEventNames, () => m.server_analytics_unknown_event()),
  /** Page path (no origin), max 500 characters. */
  path: v.pipe(v.string(), v.startsWith('/'), v.maxLength(500)),
  /** Client time in ms since the epoch; the server also records when it received the event. */
  occurredAt: v.pipe(v.number(), v.integer(), v.minValue(0)),
  props: v.optional(props, {}),
})
export type AnalyticsEvent = v.InferOutput<typeof analyticsEventSchema>

export const analyticsBatchSchema = v.object({
  /** A random id per browser tab, to group one visit's events without identifying anyone. */
  visitId: v.pipe(
    v.string(),
    v.regex(/^[A-Za-z0-9_-]{8,64}$/, () => m.server_analytics_visit_id()),
  ),
  events: v.pipe(
    v.array(analyticsEventSchema),
    v.minLength(1, () => m.server_analytics_no_events()),
    v.maxLength(constants.analytics.maxBatch, () =>
      m.server_analytics_batch_max({ max: plainNumber(constants.analytics.maxBatch) }),
    ),
  ),
})
export type AnalyticsBatch = v.InferOutput<typeof analyticsBatchSchema>
