// The public face of features/orders (client-safe): what other features and routes may import.
// Never re-export a *.server.ts file here: that belongs in index.server.ts.
// The rest of the folder is private (eslint.config.js keeps it so). Add a name when another part needs it.
export { OrderStatusBadge } from './components/order-status-badge'
export { orderStatusLabels } from './order-machine'
export { adminOrderQueries } from './orders-admin.queries'
export type { AdminOrderDetail } from './orders-admin.schemas'
export {
  DEFAULT_PER_PAGE,
  adminOrderSearch,
  buyerOrderSearch,
  sellerOrderSearch,
} from './orders-search.schemas'
export { orderQueries } from './orders.queries'
export { sellerSalesQueries } from './seller-sales.queries'
