import { createServerFn } from '@tanstack/react-start'
import { signedIn } from '~/server/auth/middleware'
import { validate } from '~/server/http/api-errors.server'
import { sellerSalesInput } from './seller-sales.schemas'
import { getSellerSales } from './seller-sales.server'

/** /seller's charts; the operation checks that the caller is an approved seller or its observer. */
export const fetchSellerSales = createServerFn({ method: 'GET' })
  .middleware([signedIn])
  .validator(validate(sellerSalesInput))
  .handler(async ({ data, context }) => getSellerSales(context.db, context.auth, data))
