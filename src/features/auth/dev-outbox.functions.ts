import { createServerFn } from '@tanstack/react-start'
import * as v from 'valibot'
import { authContext } from '~/server/auth/middleware'
import { serverConfig } from '~/server/config.server'
import { parseInput } from '~/server/http/api-errors.server'
import { assertDemoSurfaceAllowed } from '~/server/http/demo-surface.server'
import { assertDevOutboxAllowed, listOutboxMessages } from '~/server/providers/sms/outbox.server'
import { phoneSchema } from './auth.schemas'

const outboxFilters = v.object({
  to: v.optional(phoneSchema),
  limit: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(200)), 50),
})

/**
 * /dev/outbox: the messages the dev SMS adapter "sent", newest first. 404 in production unless
 * DEMO_MODE=1 (the page shows one-time codes: that is its purpose in a demo), and 404 to any
 * other machine than the server's own unless DEMO_PUBLIC=1.
 */
export const fetchDevOutbox = createServerFn({ method: 'GET' })
  .middleware([authContext])
  .validator((input: v.InferInput<typeof outboxFilters>) => parseInput(outboxFilters, input))
  .handler(async ({ data, context }) => {
    assertDevOutboxAllowed(serverConfig())
    assertDemoSurfaceAllowed(serverConfig(), context.meta)
    return listOutboxMessages(context.db, data)
  })
