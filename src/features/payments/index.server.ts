// The server-only face of features/payments: what other features, routes and the server entry may use on the server.
// Server code imports everything it needs from here (client-safe names are repeated for it).
// The rest of the folder is private (eslint.config.js keeps it so). Add a name when another part needs it.
export type { InvoicePartyView, InvoiceView } from './invoices.types'
export { refundOrderPayment } from './payment-refunds.server'
export { latestPurchasePayment, openPlatformPurchase, redirectToProvider } from './payment-sessions.server'
export { expireUnpaid, handlePaymentCallback, paymentResultUrl } from './payments.server'
export { lockPurchase, paidSincePriced, refusePurchase } from './platform-purchases.server'
export { registerPurchaseLifecycle } from './purchase-lifecycle.server'
export type { PurchaseLifecycle } from './purchase-lifecycle.server'
export { insertPaidPeriod, runRenewals } from './purchase-periods.server'
export type { RenewalSchedule } from './purchase-periods.server'
export { settlementMode, settlementSetting, setSettlementMode } from './settlement.server'
export type { SettlementSetting } from './settlement.server'
