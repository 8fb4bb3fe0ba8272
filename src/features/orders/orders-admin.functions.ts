import { createServerFn } from '@tanstack/react-start'
import { signedIn } from '~/server/auth/middleware'
import { validate } from '~/server/http/api-errors.server'
import { actOnOrderAsAdmin, getAdminOrder, listAdminOrders } from './orders-admin.server'
import { adminOrderActionInput, adminOrderFilters, adminOrderRefundInput } from './orders-admin.schemas'
import { refundDeliveredOrder } from './order-refunds.server'
import { orderIdInput } from './orders.schemas'

/** Server functions for /admin/orders*. requireAdmin is checked in every operation. */

export const fetchAdminOrders = createServerFn({ method: 'GET' })
  .middleware([signedIn])
  .validator(validate(adminOrderFilters))
  .handler(async ({ data, context }) => listAdminOrders(context.db, context.auth, data))

export const fetchAdminOrder = createServerFn({ method: 'GET' })
  .middleware([signedIn])
  .validator(validate(orderIdInput))
  .handler(async ({ data, context }) => getAdminOrder(context.db, context.auth, data.order_id))

/** Accept, reject, ship, mark delivered, complete or cancel, as an administrator. */
export const adminOrderActionFn = createServerFn({ method: 'POST' })
  .middleware([signedIn])
  .validator(validate(adminOrderActionInput))
  .handler(async ({ data, context }) => actOnOrderAsAdmin(context.db, context.auth, data))

/** Refund the buyer of a delivered or completed order, in full or in part, once. */
export const adminOrderRefundFn = createServerFn({ method: 'POST' })
  .middleware([signedIn])
  .validator(validate(adminOrderRefundInput))
  .handler(async ({ data, context }) => refundDeliveredOrder(context.db, context.auth, data))
