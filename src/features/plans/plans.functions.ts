import { createServerFn } from '@tanstack/react-start'
import { authContext } from '~/server/auth/middleware'
import { validate } from '~/server/http/api-errors.server'
import { choosePlan, purchaseResult, quotePlan } from './plan-checkout.server'
import { listActivePlans, subscriptionOverview } from './plans.server'
import { listPlansForAdmin, updatePlan } from './plans-admin.server'
import { adminPlanInput, choosePlanInput, purchaseResultInput } from './plans.schemas'

/** Server functions for /subscription and the seller panel: validate, then the operations authorise. */

/** The comparison table: active plans, open to everyone (guests too). */
export const fetchPlans = createServerFn({ method: 'GET' })
  .middleware([authContext])
  .handler(async ({ context }) => listActivePlans(context.db))

/** The signed-in seller's plan, periods, usage per limit and platform invoices (owner and observers). */
export const fetchSubscriptionOverview = createServerFn({ method: 'GET' })
  .middleware([authContext])
  .handler(async ({ context }) => subscriptionOverview(context.db, context.auth))

/** What choosing a plan would cost and from when (the credit for unused days included). */
export const quotePlanFn = createServerFn({ method: 'POST' })
  .middleware([authContext])
  .validator(validate(choosePlanInput))
  .handler(async ({ data, context }) => quotePlan(context.db, context.auth, data))

/** Pays for the quoted plan (returns the bank's page), or schedules the move to Free. */
export const choosePlanFn = createServerFn({ method: 'POST' })
  .middleware([authContext])
  .validator(validate(choosePlanInput))
  .handler(async ({ data, context }) => choosePlan(context.db, context.auth, data))

/** After the bank: the purchase and its payment. */
export const fetchPurchaseResult = createServerFn({ method: 'GET' })
  .middleware([authContext])
  .validator(validate(purchaseResultInput))
  .handler(async ({ data, context }) => purchaseResult(context.db, context.auth, data))

/** /admin/plans: every plan with its sellers (admins only). */
export const fetchAdminPlans = createServerFn({ method: 'GET' })
  .middleware([authContext])
  .handler(async ({ context }) => listPlansForAdmin(context.db, context.auth))

/** An admin edits a plan (audited). */
export const updatePlanFn = createServerFn({ method: 'POST' })
  .middleware([authContext])
  .validator(validate(adminPlanInput))
  .handler(async ({ data, context }) => updatePlan(context.db, context.auth, data))
