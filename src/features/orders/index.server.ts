// The server-only face of features/orders: what other features, routes and the server entry may use on the server.
// Server code imports everything it needs from here (client-safe names are repeated for it).
// The rest of the folder is private (eslint.config.js keeps it so). Add a name when another part needs it.
export { invoicePdfResponse } from './invoice-pdf-route.server'
export { INVOICE_NOT_FOUND, getInvoiceForViewer } from './invoices.server'
export { completeDeliveredOrders } from './order-completion.server'
export { orderLifecycle } from './order-payments.server'
export { transitionOrder } from './order-transitions.server'
export type { OrderActor } from './order-transitions.server'
