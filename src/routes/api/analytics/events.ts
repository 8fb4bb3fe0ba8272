import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { constants } from '#app-config'
import { analyticsBatchSchema } from '~/features/analytics'
import { analyticsPerClient, storeAnalyticsBatch } from '~/features/analytics/index.server'
import { serverConfig } from '~/server/config.server'
import { getDb } from '~/server/db/database.server'
import { errorResponse, nulPath } from '~/server/http/api-errors.server'
import { requestMeta } from '~/server/http/request-meta.server'
import { enforceRateLimits } from '~/server/rate-limit/rate-limit.server'
import { m } from '~/lib/messages'

const problem = (status: number, message: string, errors?: Record<string, string[]>) =>
  Response.json(errors ? { message, errors } : { message }, {
    status,
    headers: { 'cache-control': 'no-store' },
  })

/** Reads at most `limit` bytes of the body; null when it is larger (the client is not ours). */
async function readLimited(request: Request, limit: number): Promise<string | null> {
  const declared = Number(request.headers.get('content-length') ?? 'NaN')
  if (declared > limit) return null
  const text = await request.text()
  return new TextEncoder().encode(text).byteLength > limit ? null : text
}

/**
 * POST /api/analytics/events: a batch of telemetry events from the browser (sendBeacon or fetch).
 * Rate limited per client, validated, capped (batch size and body size) and stored; 202 because
 * nobody waits on it.
 */
export const Route = createFileRoute('/api/analytics/events')({
  server: {
    handlers: {
      POST: async ({ request }) => {
        const type = request.headers.get('content-type') ?? ''
        // sendBeacon with a Blob sends the Blob's type; text/plain comes from older beacon calls.
        if (!/^(application\/json|text\/plain)\b/.test(type)) return problem(415, 'Send JSON')
        try {
          const { ip } = requestMeta(request, serverConfig().trustProxy)
          await enforceRateLimits(await getDb(), [{ rule: analyticsPerClient, subject: ip }])
        } catch (error) {
          return errorResponse(error, [], request.signal)
        }
        const text = await readLimited(request, constants.analytics.maxBodyBytes)
        if (text === null) return problem(413, m.server_analytics_batch_too_large())
        let body: unknown
        try {
          body = JSON.parse(text)
        } catch {
          return problem(400, m.server_analytics_body_not_json())
        }
        // jsonb holds no NUL character: refused like any other invalid field.
        const nul = nulPath(body)
        if (nul !== null)
          return problem(422, m.server_analytics_events_invalid(), {
            [nul || 'body']: [m.server_error_nul_characters()],
          })
        const parsed = v.safeParse(analyticsBatchSchema, body)
        if (!parsed.success) {
          const errors: Record<string, string[]> = {}
          for (const issue of parsed.issues.slice(0, 20)) {
            const key = v.getDotPath(issue) ?? 'body'
            ;(errors[key] ??= []).push(issue.message)
          }
          return problem(422, m.server_analytics_events_invalid(), errors)
        }
        try {
          const stored = await storeAnalyticsBatch(await getDb(), parsed.output, {
            userAgent: request.headers.get('user-agent'),
          })
          return Response.json({ stored }, { status: 202, headers: { 'cache-control': 'no-store' } })
        } catch (error) {
          return errorResponse(error, [], request.signal)
        }
      },
    },
  },
})
