import * as v from 'valibot'
import { m } from '~/lib/messages'
import { INT4_MAX, textSchema, trimUserText } from '~/lib/schema-pieces'

/**
 * What a person types when moving an order (client-safe: the seller's reject and ship forms use the
 * same rules the server enforces in order-transitions.server.ts).
 */

export const orderActions = ['accept', 'reject', 'ship', 'deliver', 'confirm_delivery', 'cancel'] as const
export type OrderAction = (typeof orderActions)[number]

const trimmed = v.pipe(
  v.string(() => m.seller_valid_enter_text()),
  trimUserText(),
)

/** A free note on any move; optional, but never a novel. */
export const orderNoteSchema = v.optional(
  v.pipe(
    trimmed,
    v.maxLength(500, () => m.seller_valid_note_max()),
  ),
  '',
)

/** A rejection must say why: the buyer reads it. */
export const rejectionReasonSchema = v.pipe(
  v.string(() => m.seller_valid_reject_reason()),
  trimUserText(),
  v.minLength(3, () => m.seller_valid_reject_reason_min()),
  v.maxLength(500, () => m.seller_valid_reason_max()),
)

export const shippingSchema = v.object({
  carrier: v.pipe(
    v.string(() => m.seller_valid_carrier()),
    trimUserText(),
    v.minLength(2, () => m.seller_valid_carrier_min()),
    v.maxLength(60, () => m.seller_valid_carrier_max()),
  ),
  trackingNumber: v.pipe(
    v.string(() => m.seller_valid_tracking()),
    trimUserText(),
    v.minLength(3, () => m.seller_valid_tracking_min()),
    v.maxLength(60, () => m.seller_valid_tracking_max()),
  ),
})
export type ShippingInput = v.InferOutput<typeof shippingSchema>

/** The input of actOnOrder (and of a server function wrapping it). */
export const actOnOrderInput = v.object({
  orderId: v.pipe(
    v.number(() => m.seller_valid_choose_order()),
    v.integer(() => m.seller_valid_choose_order()),
    v.minValue(1, () => m.seller_valid_choose_order()),
    v.maxValue(INT4_MAX, () => m.seller_valid_choose_order()),
  ),
  action: v.picklist(orderActions, () => m.seller_valid_choose_action()),
  note: v.optional(textSchema(2000, { trim: false })),
  carrier: v.optional(textSchema(200, { trim: false })),
  trackingNumber: v.optional(textSchema(200, { trim: false })),
})
export type ActOnOrderInput = v.InferInput<typeof actOnOrderInput>
