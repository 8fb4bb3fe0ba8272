import { notFound } from '@tanstack/react-router'
import { createServerFn } from '@tanstack/react-start'
import * as v from 'valibot'
import { parseInput } from '~/server/http/api-errors.server'
import { ApiError } from '~/lib/api-error'
import { serverConfig } from '~/server/config.server'
import { m } from '~/lib/messages'
import type { RuntimeConfig } from '~/ui/runtime-config'

/** Development and demo builds expose test helpers (like /dev/outbox); real production does not. */
function devToolsEnabled(): boolean {
  const config = serverConfig()
  return config.env !== 'production' || config.demoMode
}

/** Settings the browser needs that come from the server's environment, not from the build. */
export const fetchRuntimeConfig = createServerFn({ method: 'GET' }).handler(
  async (): Promise<RuntimeConfig> => {
    const config = serverConfig()
    return {
      captchaSiteKey: config.captcha.siteKey,
      devTools: devToolsEnabled(),
      siteUrl: config.publicSiteUrl,
    }
  },
)

const STATUS_MESSAGES: Record<number, () => string> = {
  401: m.catalog_status_401,
  403: m.catalog_status_403,
  429: m.catalog_status_429,
  500: m.catalog_status_500,
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
    throw new ApiError(
      data.status,
      STATUS_MESSAGES[data.status]?.() ?? m.catalog_status_simulated({ status: String(data.status) }),
    )
  })
