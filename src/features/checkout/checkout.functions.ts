import { createServerFn } from '@tanstack/react-start'
import { signedIn } from '~/server/auth/middleware'
import { validate } from '~/server/http/api-errors.server'
import { checkoutCartInput, placeOrderInput } from './checkout.schemas'
import { getCheckout, placeOrder } from './checkout.server'

/** Server functions for /cart/{id}/checkout. Ownership and every rule live in the operations. */

export const fetchCheckout = createServerFn({ method: 'GET' })
  .middleware([signedIn])
  .validator(validate(checkoutCartInput))
  .handler(async ({ data, context }) => getCheckout(context.db, context.auth, data))

/** Contract C: { cartId, addressId | null, deliveryMethod, note, idempotencyKey } -> { orderId, orderNumber }. */
export const placeOrderFn = createServerFn({ method: 'POST' })
  .middleware([signedIn])
  .validator(validate(placeOrderInput))
  .handler(async ({ data, context }) => placeOrder(context.db, context.auth, data))
