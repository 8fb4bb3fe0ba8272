import { createFileRoute } from '@tanstack/react-router'
import { readImportUpload } from '~/features/imports/import-upload.server'
import { startImport } from '~/features/imports/imports.server'
import { apiRoute } from '~/server/auth/api-route.server'
import { requireApprovedSeller } from '~/server/auth/guards.server'
import { mediaStorage } from '~/server/db/database.server'

/**
 * POST a price and stock sheet (multipart, field `file`): stored privately, its dry run queued.
 * Who may import is decided before the body is read, and the body is read with a cap.
 */
export const Route = createFileRoute('/api/seller/imports/upload')({
  server: {
    handlers: {
      POST: apiRoute(async ({ request, db, auth }) => {
        const caller = await auth()
        requireApprovedSeller(caller, { allowObserver: true })
        const file = await readImportUpload(request)
        return { status: 201, body: await startImport(db, caller, file, mediaStorage()) }
      }),
    },
  },
})
