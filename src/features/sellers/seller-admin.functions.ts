import { createServerFn } from '@tanstack/react-start'
import { authContext } from '~/server/auth/middleware'
import { validate } from '~/server/http/api-errors.server'
import { sellerIdInput, sellerStatusChangeInput } from './seller-admin.schemas'
import { changeSellerStatus, getSellerDetail } from './seller-admin.server'

/** Server functions of /admin/sellers/{id}; the operations require an admin. */

export const fetchSellerDetail = createServerFn({ method: 'GET' })
  .middleware([authContext])
  .validator(validate(sellerIdInput))
  .handler(async ({ data, context }) => getSellerDetail(context.db, context.auth, data.sellerId))

export const changeSellerStatusFn = createServerFn({ method: 'POST' })
  .middleware([authContext])
  .validator(validate(sellerStatusChangeInput))
  .handler(async ({ data, context }) => changeSellerStatus(context.db, context.auth, data))
