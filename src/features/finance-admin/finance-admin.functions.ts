import { createServerFn } from '@tanstack/react-start'
import { authContext } from '~/server/auth/middleware'
import { validate } from '~/server/http/api-errors.server'
import {
  commissionRatesView,
  financeOverview,
  reconcile,
  setPlanDiscount,
  setRate,
  setSettlementMode,
  settlementSetting,
} from './finance-admin.server'
import {
  commissionRateInput,
  planDiscountInput,
  reconciliationInput,
  settlementModeInput,
} from './finance-admin.schemas'

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

export const fetchSettlement = createServerFn({ method: 'GET' })
  .middleware([authContext])
  .handler(async ({ context }) => settlementSetting(context.db, context.auth))

/** The settlement mode (audited); payment sessions already open keep theirs. */
export const setSettlementModeFn = createServerFn({ method: 'POST' })
  .middleware([authContext])
  .validator(validate(settlementModeInput))
  .handler(async ({ data, context }) => setSettlementMode(context.db, context.auth, data.mode))
