import { createFileRoute } from '@tanstack/react-router'
import { storesEndpoint } from '~/features/catalog/index.server'

/** Open stores of approved sellers, most products first; `?q=`, `?page=`, `?per_page=`. */
export const Route = createFileRoute('/api/stores/')({
  server: { handlers: { GET: storesEndpoint } },
})
