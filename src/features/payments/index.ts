// The public face of features/payments (client-safe): what other features and routes may import.
// Never re-export a *.server.ts file here: that belongs in index.server.ts.
// The rest of the folder is private (eslint.config.js keeps it so). Add a name when another part needs it.
export { PlatformInvoiceLine } from './components/platform-invoice-line'
export { PurchaseOutcome } from './components/purchase-outcome'
export type { InvoicePartyView, InvoiceView } from './invoices.types'
export { startPayment } from './payments.functions'
export { paymentReasonShortLabel } from './payments.schemas'
