import { queryOptions } from '@tanstack/react-query'
import { userScoped } from '~/features/auth'
import type { SellerQuoteTab } from '~/lib/quote-enums'
import {
  fetchBuyerQuoteThread,
  fetchMyQuoteRequest,
  fetchMyQuoteRequests,
  fetchQuoteSellers,
  fetchSellerQuoteInbox,
  fetchSellerQuoteRequest,
  fetchSellerQuoteThread,
} from './quotes.functions'

export const quoteQueries = {
  all: ['quotes'] as const,
  /** /buyer/quotes: the buyer's requests. */
  mine: () =>
    queryOptions({
      queryKey: [...quoteQueries.all, 'mine'] as const,
      queryFn: () => fetchMyQuoteRequests(),
      meta: userScoped,
    }),
  /** /buyer/quotes/$id: a request with every quote side by side. */
  request: (quoteRequestId: number) =>
    queryOptions({
      queryKey: [...quoteQueries.all, 'request', quoteRequestId] as const,
      queryFn: () => fetchMyQuoteRequest({ data: { quote_request_id: quoteRequestId } }),
      meta: userScoped,
    }),
  /** The request form's seller choice for the chosen products. */
  sellers: (productSlugs: string[]) =>
    queryOptions({
      queryKey: [...quoteQueries.all, 'sellers', productSlugs] as const,
      queryFn: () => fetchQuoteSellers({ data: { product_slugs: productSlugs } }),
      meta: userScoped,
    }),
  /** One quote's thread, read through the buyer's or the seller's endpoint. */
  thread: (side: 'buyer' | 'seller', quoteId: number) =>
    queryOptions({
      queryKey: [...quoteQueries.all, 'thread', side, quoteId] as const,
      queryFn: () =>
        side === 'buyer'
          ? fetchBuyerQuoteThread({ data: { quote_id: quoteId } })
          : fetchSellerQuoteThread({ data: { quote_id: quoteId } }),
      meta: userScoped,
    }),
  /** /seller/quotes: the inbox tab and the count of each tab. */
  inbox: (tab: SellerQuoteTab) =>
    queryOptions({
      queryKey: [...quoteQueries.all, 'inbox', tab] as const,
      queryFn: () => fetchSellerQuoteInbox({ data: { tab } }),
      meta: userScoped,
    }),
  sellerRequest: (quoteRequestId: number) =>
    queryOptions({
      queryKey: [...quoteQueries.all, 'seller-request', quoteRequestId] as const,
      queryFn: () => fetchSellerQuoteRequest({ data: { quote_request_id: quoteRequestId } }),
      meta: userScoped,
    }),
}
