import '@tanstack/react-start/server-only'
import type { Db } from '../db/client.server'
import { executePaymentRefund } from '../providers/payment/refunds.server'
import { deliverOutboxMessage } from '../providers/sms/outbox.server'
import type { JobName, JobPayloads } from './queue.server'

export interface JobContext {
  db: Db
  attempt: number
  isLastAttempt: boolean
}

export type JobHandler<N extends JobName> = (payload: JobPayloads[N], context: JobContext) => Promise<void>
type Handlers = { [N in JobName]?: JobHandler<N> }

/**
 * What runs each kind of job. A thrown error schedules a retry. The production build loads this
 * module twice (the boot plugin that runs the worker, and the app bundle where features register
 * their handlers), so the table lives on globalThis.
 */
const HANDLERS_KEY = Symbol.for('omdeh.job-handlers')
export const jobHandlers: Handlers = ((globalThis as Record<symbol, Handlers | undefined>)[HANDLERS_KEY] ??= {
  'message.deliver': (payload, context) => deliverOutboxMessage(context.db, payload.outboxId, context),
  'payment.refund': (payload, context) => executePaymentRefund(context.db, payload.sessionId),
})

/**
 * Features register the handlers of their own jobs from the app entry (src/server.ts), so this
 * infrastructure does not import features.
 */
export function registerJobHandler<N extends JobName>(name: N, handler: JobHandler<N>): void {
  ;(jobHandlers as Record<string, unknown>)[name] = handler
}
