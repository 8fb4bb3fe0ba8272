import { notFound } from '@tanstack/react-router'
import { createServerFn } from '@tanstack/react-start'
import * as v from 'valibot'
import { parseInput } from '~/server/http/api-errors.server'
import { ApiError } from '~/lib/api-error'
import { serverConfig } from '~/server/config.server'

/** Development and demo builds expose test helpers (like /dev/outbox); real production does not. */
function devToolsEnabled(): boolean {
  const config = serverConfig()
  return config.env !== 'production' || config.demoMode
}

/** Settings the browser needs that come from the server's environment, not from the build. */
export const fetchRuntimeConfig = createServerFn({ method: 'GET' }).handler(async () => {
  const config = serverConfig()
  return {
    captchaSiteKey: config.captcha.siteKey,
    devTools: devToolsEnabled(),
    siteUrl: config.publicSiteUrl,
  }
})

const STATUS_MESSAGES: Record<number, string> = {
  401: 'Unauthenticated',
  403: 'This action is unauthorized',
  429: 'Too many requests',
  500: 'Something went wrong on our end',
}

/**
 * Fails with the given status, for the browser tests of the error pages (dev and demo only): it
 * travels the same path as a real failing server function.
 */
export const simulateFailure = createServerFn({ method: 'GET' })
  .validator((input: { status: number }) =>
    parseInput(
      v.object({ status: v.pipe(v.number(), v.integer(), v.minValue(400), v.maxValue(599)) }),
      input,
    ),
  )
  .handler(async ({ data }) => {
    if (!devToolsEnabled()) throw notFound()
    throw new ApiError(data.status, STATUS_MESSAGES[data.status] ?? `Simulated ${data.status}`)
  })
