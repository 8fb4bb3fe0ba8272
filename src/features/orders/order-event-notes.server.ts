import '@tanstack/react-start/server-only'
import { constants } from '#app-config'
import type { orderEvents, orders } from '~/server/db/schema'
import { SYSTEM_ORDER_NOTES, type OrderEventSystemNote } from './order-event-notes'

type EventRow = typeof orderEvents.$inferSelect
type OrderRow = typeof orders.$inferSelect

/**
 * Timeline rows written before the system's notes were codes carry English sentences: they are
 * read as the code they stand for (with the figure they name), so every row is worded the same way.
 */
const OLD_PAYMENT_TIMEOUT = /^Not paid within (\d+) minutes$/
const OLD_AUTO_COMPLETED = /^Completed automatically (\d+) days after delivery$/

/**
 * An event's note as the page shows it: the system's own note as a code to word (`system_note`),
 * a person's note as typed (`note`). A shipping move without a note names the carrier and tracking
 * number the seller gave (older rows stored them as `{carrier}, tracking {number}`).
 */
export function eventNote(
  event: EventRow,
  order: Pick<OrderRow, 'shippingCarrier' | 'trackingNumber'>,
): { note: string; system_note: OrderEventSystemNote | null } {
  const system = (note: OrderEventSystemNote) => ({ note: '', system_note: note })
  if (event.actorKind === 'system') {
    const { paymentTimeoutMinutes } = constants.orders
    if (event.note === SYSTEM_ORDER_NOTES.paymentTimeout)
      return system({ code: 'payment_timeout', minutes: paymentTimeoutMinutes })
    if (event.note === SYSTEM_ORDER_NOTES.autoCompleted)
      return system({ code: 'auto_completed', days: constants.orders.autoCompleteDays })
    const timeout = OLD_PAYMENT_TIMEOUT.exec(event.note)
    if (timeout) return system({ code: 'payment_timeout', minutes: Number(timeout[1]) })
    const completed = OLD_AUTO_COMPLETED.exec(event.note)
    if (completed) return system({ code: 'auto_completed', days: Number(completed[1]) })
  }
  if (event.toStatus === 'shipped' && order.shippingCarrier && order.trackingNumber) {
    const via = {
      code: 'shipped_via',
      carrier: order.shippingCarrier,
      tracking: order.trackingNumber,
    } as const
    if (event.note === '' || event.note === `${order.shippingCarrier}, tracking ${order.trackingNumber}`)
      return system(via)
  }
  return { note: event.note, system_note: null }
}
