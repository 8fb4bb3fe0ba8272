import { createServerFn } from '@tanstack/react-start'
import { authContext } from '~/server/auth/middleware'
import { validate } from '~/server/http/api-errors.server'
import { financeSearch } from './seller-finance.schemas'
import { financeOverview, statementPage } from './seller-finance.server'

/** Server functions of /seller/finance: validate, then the operations authorise and read. */

export const fetchFinanceOverview = createServerFn({ method: 'GET' })
  .middleware([authContext])
  .handler(async ({ context }) => financeOverview(context.db, context.auth))

export const fetchStatementPage = createServerFn({ method: 'GET' })
  .middleware([authContext])
  .validator(validate(financeSearch))
  .handler(async ({ data, context }) => statementPage(context.db, context.auth, data))
