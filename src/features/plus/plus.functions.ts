import { createServerFn } from '@tanstack/react-start'
import { authContext } from '~/server/auth/middleware'
import { validate } from '~/server/http/api-errors.server'
import { joinPlus, plusOverview, plusPurchaseResult } from './plus.server'
import { plusPriceForAdmin, setPlusPrice } from './plus-admin.server'
import { plusPriceInput, plusPurchaseInput } from './plus.schemas'

/** Server functions for the Plus page and the buyer profile: validate, then the operations authorise. */

/**
 * The price for everyone; the membership, savings and invoices for a signed-in buyer.
 *
 * @access open
 */
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

/** /admin/plans: the Plus price (admins only). */
export const fetchPlusPrice = createServerFn({ method: 'GET' })
  .middleware([authContext])
  .handler(async ({ context }) => plusPriceForAdmin(context.db, context.auth))

/** An admin sets the Plus price for the next purchases (audited). */
export const setPlusPriceFn = createServerFn({ method: 'POST' })
  .middleware([authContext])
  .validator(validate(plusPriceInput))
  .handler(async ({ data, context }) => setPlusPrice(context.db, context.auth, data))
