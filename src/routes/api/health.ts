import { createFileRoute } from '@tanstack/react-router'
import { healthFor, readHealth } from '~/server/health.server'

/**
 * GET /api/health: 200 `{ status: 'ok' }`, or 503 `{ status: 'degraded' }` when the database does
 * not answer (load balancers and monitors read the status code).
 *
 * @access open: everyone gets the status; a signed-in administrator also the database's kind and version and the uptime.
 */
export const Route = createFileRoute('/api/health')({
  server: {
    handlers: {
      GET: async ({ request }) => {
        const health = await readHealth()
        return Response.json(await healthFor(request, health), {
          status: health.status === 'ok' ? 200 : 503,
          headers: { 'cache-control': 'no-store' },
        })
      },
    },
  },
})
