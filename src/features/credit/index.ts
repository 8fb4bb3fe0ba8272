// The public face of features/credit (client-safe): credit terms and invoices on terms (issue #39).
// Never re-export a *.server.ts file here: that belongs in index.server.ts. Routes import the pages
// from ./components/; checkout composes PayLaterOption.
export { agingBucketOf, agingBuckets, daysOverdue, dueDateOf } from './credit-rules'
export type { AgingBucket } from './credit-rules'
export {
  applyForCreditInput,
  buyerCreditInput,
  creditSellerInput,
  decideCreditInput,
  payOnCreditInput,
} from './credit.schemas'
export type {
  BuyerCreditLine,
  BuyerCreditView,
  CreditApplicationView,
  CreditInvoiceView,
  CreditOffer,
  SellerCreditView,
  SellerReceivable,
} from './credit.schemas'
export {
  applyForCreditFn,
  decideCreditFn,
  fetchBuyerCredit,
  fetchCreditOffer,
  fetchSellerCredit,
  payOrderOnCreditFn,
} from './credit.functions'
export { creditQueries } from './credit.queries'
export { PayLaterOption } from './components/pay-later-option'
