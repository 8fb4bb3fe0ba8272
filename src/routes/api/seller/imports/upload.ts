import { createFileRoute } from '@tanstack/react-router'
import { importUploadEndpoint } from '~/features/imports/index.server'

/** Uploads a price and stock sheet for its dry run (issue #17). */
export const Route = createFileRoute('/api/seller/imports/upload')({
  server: { handlers: { POST: importUploadEndpoint } },
})
