import { createServerFn } from '@tanstack/react-start'
import { authContext, signedIn } from '~/server/auth/middleware'
import { serverConfig } from '~/server/config.server'
import { validate } from '~/server/http/api-errors.server'
import { assertDemoSurfaceAllowed } from '~/server/http/demo-surface.server'
import {
  checkoutResultInput,
  sandboxDecisionRequest,
  sandboxSessionRequest,
  startPaymentInput,
} from './payments.schemas'
import { loadCheckoutResult, startPayment as startPaymentOperation } from './payments.server'
import { decideSandboxPayment, loadSandboxSession } from './sandbox-bank.server'

/**
 * Contract P: opens a payment session for the caller's order awaiting payment and returns where to
 * send the payer (/payment/{session} for the sandbox bank, the gateway's page otherwise).
 * 404 for someone else's order, 409 when the order no longer awaits payment, 429 when repeated.
 */
export const startPayment = createServerFn({ method: 'POST' })
  .middleware([signedIn])
  .validator(validate(startPaymentInput))
  .handler(async ({ data, context }) => startPaymentOperation(context.db, context.auth, data))

/** /cart/checkout-result: the caller's order and its payment as the server knows them. */
export const fetchCheckoutResult = createServerFn({ method: 'GET' })
  .middleware([signedIn])
  .validator(validate(checkoutResultInput))
  .handler(async ({ data, context }) => loadCheckoutResult(context.db, context.auth, data))

/** The sandbox bank page: the session by its unguessable id (a bank does not know our users). */
export const fetchSandboxSession = createServerFn({ method: 'GET' })
  .middleware([authContext])
  .validator(validate(sandboxSessionRequest))
  .handler(async ({ data, context }) => {
    assertDemoSurfaceAllowed(serverConfig(), context.meta)
    return loadSandboxSession(context.db, data.session)
  })

/** The sandbox bank's buttons; like its page, only for this machine unless DEMO_PUBLIC=1. */
export const decideSandboxPaymentFn = createServerFn({ method: 'POST' })
  .middleware([authContext])
  .validator(validate(sandboxDecisionRequest))
  .handler(async ({ data, context }) => {
    assertDemoSurfaceAllowed(serverConfig(), context.meta)
    return decideSandboxPayment(context.db, data.session, { decision: data.decision })
  })
