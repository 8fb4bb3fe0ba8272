import { createServerFn } from '@tanstack/react-start'
import { authContext } from '~/server/auth/middleware'
import { validate } from '~/server/http/api-errors.server'
import { joinPlus, plusOverview, plusPurchaseResult } from './plus.server'
import { plusPurchaseInput } from './plus.schemas'

/** Server functions for the Plus page and the buyer profile: validate, then the operations authorise. */

/** The price for everyone; the membership, savings and invoices for a signed-in buyer. */
export const fetchPlusOverview = createServerFn({ method: 'GET' })
  .middleware([authContext])
  .handler(async ({ context }) => plusOverview(context.db, context.auth))

/** "Join Plus" / "Renew": opens a payment for one year and returns the bank's page. */
export const joinPlusFn = createServerFn({ method: 'POST' })
  .middleware([authContext])
  .handler(async ({ context }) => joinPlus(context.db, context.auth))

/** After the bank: the buyer's Plus purchase and its payment. */
export const fetchPlusPurchase = createServerFn({ method: 'GET' })
  .middleware([authContext])
  .validator(validate(plusPurchaseInput))
  .handler(async ({ data, context }) => plusPurchaseResult(context.db, context.auth, data))
