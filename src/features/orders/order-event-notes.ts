import { formatNumber } from '~/lib/money'
import { m } from '~/lib/messages'

/**
 * What the system itself says on an order's timeline (issue #22). The note column keeps a code for
 * these (a person's note is kept as typed), and the page words it in the reader's language.
 */
export const SYSTEM_ORDER_NOTES = {
  /** The order expired: not paid within the payment window. */
  paymentTimeout: 'payment_timeout',
  /** A delivered order the buyer did not confirm completed by itself. */
  autoCompleted: 'auto_completed',
} as const

export type OrderEventSystemNote =
  | { code: 'payment_timeout'; minutes: number }
  | { code: 'auto_completed'; days: number }
  /** A shipping move without a note: the carrier and tracking number the seller gave. */
  | { code: 'shipped_via'; carrier: string; tracking: string }

/** The system's note in the page's language. */
export function systemNoteText(note: OrderEventSystemNote): string {
  switch (note.code) {
    case 'payment_timeout':
      return m.seller_order_note_payment_timeout({ minutes: formatNumber(note.minutes) })
    case 'auto_completed':
      return m.seller_order_note_auto_completed({ days: formatNumber(note.days) })
    case 'shipped_via':
      return m.seller_order_note_shipped_via({ carrier: note.carrier, tracking: note.tracking })
  }
}
