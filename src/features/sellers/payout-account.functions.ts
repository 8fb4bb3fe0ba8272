import { createServerFn } from '@tanstack/react-start'
import { authContext } from '~/server/auth/middleware'
import { validate } from '~/server/http/api-errors.server'
import { savePayoutAccountInput } from './payout-account.schemas'
import { getPayoutAccount, savePayoutAccount, sendPayoutAccountCode } from './payout-account.server'

/** Server functions for the payout account on /seller/profile. Guards live in the operations. */

/** Seller or observer; `can_edit` is false for observers. */
export const fetchPayoutAccount = createServerFn({ method: 'GET' })
  .middleware([authContext])
  .handler(async ({ context }) => getPayoutAccount(context.db, context.auth))

/** Owner only: a code to the owner's own phone. */
export const sendPayoutAccountCodeFn = createServerFn({ method: 'POST' })
  .middleware([authContext])
  .handler(async ({ context }) => sendPayoutAccountCode(context.db, context.auth, context.meta))

/** Owner only: registers or changes the account with the code just sent. */
export const savePayoutAccountFn = createServerFn({ method: 'POST' })
  .middleware([authContext])
  .validator(validate(savePayoutAccountInput))
  .handler(async ({ data, context }) => savePayoutAccount(context.db, context.auth, data))
