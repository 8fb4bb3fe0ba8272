// The client-safe face of features/quotes: requests for quotation (issue #40). Schemas, views,
// queries and server-function wrappers; the pages compose components/.
export {
  createQuoteRequestInput,
  QUOTE_MESSAGE_MAX,
  QUOTE_NOTE_MAX,
  QUOTE_VALIDITY_MAX_DAYS,
  quoteIdInput,
  quoteMessageInput,
  quoteRequestIdInput,
  quoteSellersInput,
  sellerQuoteInboxInput,
  submitQuoteInput,
} from './quotes.schemas'
export type {
  AcceptedQuote,
  CreateQuoteRequestInput,
  QuoteRequestSummary,
  QuoteRequestView,
  QuoteSellerOption,
  QuoteThreadView,
  QuoteView,
  SellerQuoteInboxRow,
  SellerQuoteRequestView,
  SubmitQuoteInput,
} from './quotes.schemas'
export {
  acceptQuoteFn,
  createQuoteRequestFn,
  postBuyerQuoteMessageFn,
  postSellerQuoteMessageFn,
  submitQuoteFn,
} from './quotes.functions'
export { quoteQueries } from './quotes.queries'
