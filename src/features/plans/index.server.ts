// The server-only face of features/plans: what other features, routes and the server entry may use on the server.
// Server code imports everything it needs from here (client-safe names are repeated for it).
// The rest of the folder is private (eslint.config.js keeps it so). Add a name when another part needs it.
export { issuePlatformInvoice, nextPlatformInvoiceNumber, planLifecycle } from './plan-fulfilment.server'
export { assertPlanAllows, planLimitStatus, planOfSeller } from './plan-limits.server'
export { localPlanName } from './plan-names.server'
export { periodEndOf } from './plan-pricing'
export { runPlanRenewals } from './plan-renewals.server'
export type { PlatformInvoiceSummary } from './plans.schemas'
export {
  PLATFORM_INVOICE_NOT_FOUND,
  platformInvoiceForViewer,
  platformInvoiceParties,
  platformInvoiceSummaries,
  platformInvoiceView,
} from './plans.server'
export { platformInvoiceTexts } from './platform-invoice-text.server'
