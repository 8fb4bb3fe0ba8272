import '@tanstack/react-start/server-only'
import { apiRoute } from '~/server/auth/api-route.server'
import { requireApprovedSeller } from '~/server/auth/guards.server'
import { mediaStorage } from '~/server/db/database.server'
import { readImportUpload } from './import-upload.server'
import { startImport } from './imports.server'

/**
 * POST /api/seller/imports/upload (multipart, field `file`): stored privately, its dry run queued.
 * Who may import is decided before the body is read, and the body is read with a cap.
 */
export const importUploadEndpoint = apiRoute(async ({ request, db, auth }) => {
  const caller = await auth()
  requireApprovedSeller(caller, { allowObserver: true })
  const file = await readImportUpload(request)
  return { status: 201, body: await startImport(db, caller, file, mediaStorage()) }
})
