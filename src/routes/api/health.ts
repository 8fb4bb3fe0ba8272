import { createFileRoute } from '@tanstack/react-router'
import { readHealth } from '~/server/health.server'

export const Route = createFileRoute('/api/health')({
  server: {
    handlers: {
      GET: async () => {
        const health = await readHealth()
        return Response.json(health, {
          status: health.status === 'ok' ? 200 : 503,
          headers: { 'cache-control': 'no-store' },
        })
      },
    },
  },
})
