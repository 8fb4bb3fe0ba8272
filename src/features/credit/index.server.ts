// The server-only face of features/credit: credit terms, invoices on terms and their settlement (issue #39).
// The rest of the folder is private (eslint.config.js keeps it so). Add a name when another part needs it.
export {
  applyForCredit,
  buyerCreditView,
  creditOffer,
  decideCredit,
  payOrderOnCredit,
  sellerCreditView,
  settleCreditInvoices,
} from './credit.server'
export { runCreditReminders } from './credit-reminders.server'
export { agingBucketOf, daysOverdue, dueDateOf } from './credit-rules'
