import { type AnalyticsEvent, cartEventNames } from '~/features/analytics'
import { newQuantityIssues, type BasketChanges } from './basket-compare'
import type { Cart } from './basket.types'
import { basketCount } from './local-basket'

/** The analytics events the basket machine emits (spec §4), built from what changed. */

export type CartEventName = (typeof cartEventNames)[number]
export type TrackProps = AnalyticsEvent['props']

export interface TrackEvent {
  type: 'track'
  name: CartEventName
  props: TrackProps
}

export const trackEvent = (name: CartEventName, props: TrackProps = {}): TrackEvent => ({
  type: 'track',
  name,
  props,
})

export function totalsEvent(carts: readonly Cart[]): TrackEvent {
  return trackEvent('cart_totals_recalculated', {
    carts: carts.length,
    items: basketCount(carts),
    total_amount: carts.reduce((sum, c) => sum + c.totalAmount, 0),
    total_effective_amount: carts.reduce((sum, c) => sum + c.totalEffectiveAmount, 0),
  })
}

export function quantityAlertEvents(previous: readonly Cart[], next: readonly Cart[]): TrackEvent[] {
  return newQuantityIssues(previous, next).map(({ sku, issue }) =>
    trackEvent('cart_alert_quantity', { sku, issue }),
  )
}

/** A reloaded server basket's surprises, each as the spec's event. */
export function changeEvents({ notices, unitPriceChanged }: BasketChanges): TrackEvent[] {
  const events = notices.map((n) =>
    n.kind === 'deleted'
      ? trackEvent('cart_alert_item_deleted', { sku: n.sku })
      : n.kind === 'unavailable'
        ? trackEvent('cart_item_unavailable', { sku: n.sku })
        : trackEvent('cart_alert_effective_price', { sku: n.sku, from: n.from ?? null, to: n.to ?? null }),
  )
  for (const change of unitPriceChanged) events.push(trackEvent('cart_price_changed', change))
  return events
}
