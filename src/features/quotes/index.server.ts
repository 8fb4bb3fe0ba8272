// The server-only face of features/quotes: requests for quotation, quotes and their threads (issue
// #40). The rest of the folder is private (eslint.config.js keeps it so).
export { expireQuotes } from './quotes-expiry.server'
export {
  acceptQuote,
  createQuoteRequest,
  getMyQuoteRequest,
  listMyQuoteRequests,
  listQuoteSellers,
} from './quotes-buyer.server'
export { getSellerQuoteRequest, sellerQuoteInbox, submitQuote } from './quotes-seller.server'
export {
  buyerQuoteThread,
  postBuyerQuoteMessage,
  postSellerQuoteMessage,
  sellerQuoteThread,
} from './quotes-thread.server'
