import { createServerFn } from '@tanstack/react-start'
import { authContext } from '~/server/auth/middleware'
import { validate } from '~/server/http/api-errors.server'
import {
  applyForCredit,
  buyerCreditView,
  creditOffer,
  decideCredit,
  payOrderOnCredit,
  sellerCreditView,
} from './credit.server'
import {
  applyForCreditInput,
  buyerCreditInput,
  creditSellerInput,
  decideCreditInput,
  payOnCreditInput,
} from './credit.schemas'

/** Server functions for /buyer/credit, /seller/credit and checkout's "Pay later": validate, then authorise. */

/** The buyer's terms per seller, unpaid invoices and applications. */
export const fetchBuyerCredit = createServerFn({ method: 'GET' })
  .middleware([authContext])
  .validator(validate(buyerCreditInput))
  .handler(async ({ data, context }) => buyerCreditView(context.db, context.auth, data))

/** The seller's applications and receivables with aging (observers may read). */
export const fetchSellerCredit = createServerFn({ method: 'GET' })
  .middleware([authContext])
  .handler(async ({ context }) => sellerCreditView(context.db, context.auth))

/** Checkout's offer: the buyer's terms with a seller and the unused limit. */
export const fetchCreditOffer = createServerFn({ method: 'GET' })
  .middleware([authContext])
  .validator(validate(creditSellerInput))
  .handler(async ({ data, context }) => creditOffer(context.db, context.auth, data))

/** A buyer applies to a seller for terms. */
export const applyForCreditFn = createServerFn({ method: 'POST' })
  .middleware([authContext])
  .validator(validate(applyForCreditInput))
  .handler(async ({ data, context }) => applyForCredit(context.db, context.auth, data))

/** The seller approves (limit, term, cheques) or declines (reason): audited, SMS to the buyer. */
export const decideCreditFn = createServerFn({ method: 'POST' })
  .middleware([authContext])
  .validator(validate(decideCreditInput))
  .handler(async ({ data, context }) => decideCredit(context.db, context.auth, data))

/** "Pay later (net N)" for an order awaiting payment. */
export const payOrderOnCreditFn = createServerFn({ method: 'POST' })
  .middleware([authContext])
  .validator(validate(payOnCreditInput))
  .handler(async ({ data, context }) => payOrderOnCredit(context.db, context.auth, data))
