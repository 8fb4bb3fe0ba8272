import { createServerFn } from '@tanstack/react-start'
import { requireApprovedSeller } from '~/server/auth/guards.server'
import { signedIn } from '~/server/auth/middleware'
import { validate } from '~/server/http/api-errors.server'
import { getInvoiceForViewer } from './invoices.server'
import { actOnOrder } from './order-transitions.server'
import { getSellerDashboard } from './orders-dashboard.server'
import { getBuyerOrder, getSellerOrder, listBuyerOrders, listSellerOrders } from './orders-read.server'
import { listBuyerInvoices } from './buyer-invoices.server'
import {
  buyerActionInput,
  buyerOrderFilters,
  invoiceIdInput,
  invoiceListFilters,
  orderIdInput,
  sellerActionInput,
  sellerOrderFilters,
} from './orders.schemas'

/** Server functions for the order pages. Who may see or move what is decided in the operations. */

export const fetchBuyerOrders = createServerFn({ method: 'GET' })
  .middleware([signedIn])
  .validator(validate(buyerOrderFilters))
  .handler(async ({ data, context }) => listBuyerOrders(context.db, context.auth, data))

export const fetchBuyerOrder = createServerFn({ method: 'GET' })
  .middleware([signedIn])
  .validator(validate(orderIdInput))
  .handler(async ({ data, context }) => getBuyerOrder(context.db, context.auth, data.order_id))

export const fetchSellerOrders = createServerFn({ method: 'GET' })
  .middleware([signedIn])
  .validator(validate(sellerOrderFilters))
  .handler(async ({ data, context }) => listSellerOrders(context.db, context.auth, data))

export const fetchSellerOrder = createServerFn({ method: 'GET' })
  .middleware([signedIn])
  .validator(validate(orderIdInput))
  .handler(async ({ data, context }) => getSellerOrder(context.db, context.auth, data.order_id))

export const fetchSellerDashboard = createServerFn({ method: 'GET' })
  .middleware([signedIn])
  .handler(async ({ context }) => getSellerDashboard(context.db, context.auth))

export const fetchBuyerInvoices = createServerFn({ method: 'GET' })
  .middleware([signedIn])
  .validator(validate(invoiceListFilters))
  .handler(async ({ data, context }) => listBuyerInvoices(context.db, context.auth, data))

export const fetchInvoice = createServerFn({ method: 'GET' })
  .middleware([signedIn])
  .validator(validate(invoiceIdInput))
  .handler(async ({ data, context }) => getInvoiceForViewer(context.db, context.auth, data.invoice_id))

/**
 * Cancel, or confirm delivery: the buyer's moves, made as the buyer only. A seller or an admin
 * related to the order gets a 403 here: admins move orders through the admin endpoint, with its
 * rules (issue #13 §7).
 */
export const buyerOrderActionFn = createServerFn({ method: 'POST' })
  .middleware([signedIn])
  .validator(validate(buyerActionInput))
  .handler(async ({ data, context }) =>
    actOnOrder(context.db, context.auth, { orderId: data.order_id, action: data.action }, { actAs: 'buyer' }),
  )

/**
 * Accept, reject (with the reason), ship (with carrier and tracking number), mark delivered: the
 * seller's moves, for its owner or observers once approved, made as the seller only (an admin
 * uses the admin endpoint, issue #13 §7).
 */
export const sellerOrderActionFn = createServerFn({ method: 'POST' })
  .middleware([signedIn])
  .validator(validate(sellerActionInput))
  .handler(async ({ data, context }) => {
    requireApprovedSeller(context.auth)
    return actOnOrder(
      context.db,
      context.auth,
      {
        orderId: data.order_id,
        action: data.action,
        ...(data.action === 'reject' ? { note: data.reason } : {}),
        ...(data.action === 'ship' ? { carrier: data.carrier, trackingNumber: data.tracking_number } : {}),
      },
      { actAs: 'seller' },
    )
  })
