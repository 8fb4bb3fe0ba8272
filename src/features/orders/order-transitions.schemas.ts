import * as v from 'valibot'
import { INT4_MAX, textSchema } from '~/lib/schema-pieces'

/**
 * What a person types when moving an order (client-safe: the seller's reject and ship forms use the
 * same rules the server enforces in order-transitions.server.ts).
 */

export const orderActions = ['accept', 'reject', 'ship', 'deliver', 'confirm_delivery', 'cancel'] as const
export type OrderAction = (typeof orderActions)[number]

const trimmed = v.pipe(v.string('Enter text'), v.trim())

/** A free note on any move; optional, but never a novel. */
export const orderNoteSchema = v.optional(
  v.pipe(trimmed, v.maxLength(500, 'Keep the note under 500 characters')),
  '',
)

/** A rejection must say why: the buyer reads it. */
export const rejectionReasonSchema = v.pipe(
  v.string('Give a reason for rejecting the order'),
  v.trim(),
  v.minLength(3, 'Give a reason for rejecting the order (at least 3 characters)'),
  v.maxLength(500, 'Keep the reason under 500 characters'),
)

export const shippingSchema = v.object({
  carrier: v.pipe(
    v.string('Enter the carrier'),
    v.trim(),
    v.minLength(2, 'Enter the carrier (at least 2 characters)'),
    v.maxLength(60, 'Keep the carrier under 60 characters'),
  ),
  trackingNumber: v.pipe(
    v.string('Enter the tracking number'),
    v.trim(),
    v.minLength(3, 'Enter the tracking number (at least 3 characters)'),
    v.maxLength(60, 'Keep the tracking number under 60 characters'),
  ),
})
export type ShippingInput = v.InferOutput<typeof shippingSchema>

/** The input of actOnOrder (and of a server function wrapping it). */
export const actOnOrderInput = v.object({
  orderId: v.pipe(
    v.number('Choose an order'),
    v.integer('Choose an order'),
    v.minValue(1, 'Choose an order'),
    v.maxValue(INT4_MAX, 'Choose an order'),
  ),
  action: v.picklist(orderActions, 'Choose what to do with the order'),
  note: v.optional(textSchema(2000, { trim: false })),
  carrier: v.optional(textSchema(200, { trim: false })),
  trackingNumber: v.optional(textSchema(200, { trim: false })),
})
export type ActOnOrderInput = v.InferInput<typeof actOnOrderInput>
