import { createServerFn } from '@tanstack/react-start'
import { authContext, signedIn } from '~/server/auth/middleware'
import { validate } from '~/server/http/api-errors.server'
import {
  acceptQuote,
  createQuoteRequest,
  getMyQuoteRequest,
  listMyQuoteRequests,
  listQuoteSellers,
} from './quotes-buyer.server'
import { getSellerQuoteRequest, sellerQuoteInbox, submitQuote } from './quotes-seller.server'
import {
  buyerQuoteThread,
  postBuyerQuoteMessage,
  postSellerQuoteMessage,
  sellerQuoteThread,
} from './quotes-thread.server'
import {
  createQuoteRequestInput,
  quoteIdInput,
  quoteMessageInput,
  quoteRequestIdInput,
  quoteSellersInput,
  sellerQuoteInboxInput,
  submitQuoteInput,
} from './quotes.schemas'

/** Server functions for /buyer/quotes* and /seller/quotes*: validate, then the operation authorises. */

export const fetchQuoteSellers = createServerFn({ method: 'GET' })
  .middleware([authContext])
  .validator(validate(quoteSellersInput))
  .handler(async ({ data, context }) => listQuoteSellers(context.db, context.auth, data))

export const createQuoteRequestFn = createServerFn({ method: 'POST' })
  .middleware([signedIn])
  .validator(validate(createQuoteRequestInput))
  .handler(async ({ data, context }) => createQuoteRequest(context.db, context.auth, data))

export const fetchMyQuoteRequests = createServerFn({ method: 'GET' })
  .middleware([authContext])
  .handler(async ({ context }) => listMyQuoteRequests(context.db, context.auth))

export const fetchMyQuoteRequest = createServerFn({ method: 'GET' })
  .middleware([authContext])
  .validator(validate(quoteRequestIdInput))
  .handler(async ({ data, context }) => getMyQuoteRequest(context.db, context.auth, data.quote_request_id))

export const acceptQuoteFn = createServerFn({ method: 'POST' })
  .middleware([signedIn])
  .validator(validate(quoteIdInput))
  .handler(async ({ data, context }) => acceptQuote(context.db, context.auth, data.quote_id))

export const fetchBuyerQuoteThread = createServerFn({ method: 'GET' })
  .middleware([authContext])
  .validator(validate(quoteIdInput))
  .handler(async ({ data, context }) => buyerQuoteThread(context.db, context.auth, data.quote_id))

export const postBuyerQuoteMessageFn = createServerFn({ method: 'POST' })
  .middleware([signedIn])
  .validator(validate(quoteMessageInput))
  .handler(async ({ data, context }) => postBuyerQuoteMessage(context.db, context.auth, data))

export const fetchSellerQuoteInbox = createServerFn({ method: 'GET' })
  .middleware([authContext])
  .validator(validate(sellerQuoteInboxInput))
  .handler(async ({ data, context }) => sellerQuoteInbox(context.db, context.auth, data))

export const fetchSellerQuoteRequest = createServerFn({ method: 'GET' })
  .middleware([authContext])
  .validator(validate(quoteRequestIdInput))
  .handler(async ({ data, context }) =>
    getSellerQuoteRequest(context.db, context.auth, data.quote_request_id),
  )

export const submitQuoteFn = createServerFn({ method: 'POST' })
  .middleware([signedIn])
  .validator(validate(submitQuoteInput))
  .handler(async ({ data, context }) => submitQuote(context.db, context.auth, data))

export const fetchSellerQuoteThread = createServerFn({ method: 'GET' })
  .middleware([authContext])
  .validator(validate(quoteIdInput))
  .handler(async ({ data, context }) => sellerQuoteThread(context.db, context.auth, data.quote_id))

export const postSellerQuoteMessageFn = createServerFn({ method: 'POST' })
  .middleware([signedIn])
  .validator(validate(quoteMessageInput))
  .handler(async ({ data, context }) => postSellerQuoteMessage(context.db, context.auth, data))
