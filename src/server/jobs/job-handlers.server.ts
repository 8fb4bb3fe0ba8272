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

type Handlers = { [N in JobName]: (payload: JobPayloads[N], context: JobContext) => Promise<void> }

/** What runs each kind of job. A thrown error schedules a retry. */
export const jobHandlers: Handlers = {
  'message.deliver': (payload, context) => deliverOutboxMessage(context.db, payload.outboxId, context),
  'payment.refund': (payload, context) => executePaymentRefund(context.db, payload.sessionId),
}
