import { createServerFn } from '@tanstack/react-start'
import { authContext } from '~/server/auth/middleware'
import { validate } from '~/server/http/api-errors.server'
import {
  commissionRatesView,
  financeOverview,
  reconcile,
  setPlanDiscount,
  setRate,
} from './finance-admin.server'
import { commissionRateInput, planDiscountInput, reconciliationInput } from './finance-admin.schemas'

/** Server functions for /admin/finance*. requireAdmin is checked in every operation. */

export const fetchFinanceOverview = createServerFn({ method: 'GET' })
  .middleware([authContext])
  .handler(async ({ context }) => financeOverview(context.db, context.auth))

export const fetchReconciliation = createServerFn({ method: 'GET' })
  .middleware([authContext])
  .validator(validate(reconciliationInput))
  .handler(async ({ data, context }) => reconcile(context.db, context.auth, data))

export const fetchCommissionRates = createServerFn({ method: 'GET' })
  .middleware([authContext])
  .handler(async ({ context }) => commissionRatesView(context.db, context.auth))

/** The default commission rate or a category's (audited); orders already paid keep theirs. */
export const setCommissionRateFn = createServerFn({ method: 'POST' })
  .middleware([authContext])
  .validator(validate(commissionRateInput))
  .handler(async ({ data, context }) => setRate(context.db, context.auth, data))

/** A plan's commission discount (audited); orders already paid keep theirs. */
export const setPlanDiscountFn = createServerFn({ method: 'POST' })
  .middleware([authContext])
  .validator(validate(planDiscountInput))
  .handler(async ({ data, context }) => setPlanDiscount(context.db, context.auth, data))
