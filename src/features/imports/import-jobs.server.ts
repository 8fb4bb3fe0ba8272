import '@tanstack/react-start/server-only'
import { mediaStorage } from '~/server/db/database.server'
import { registerJobHandler } from '~/server/jobs/jobs.server'
import { applyImport, checkImport } from './imports.server'

/** The import's background work; the app entry registers it once at start. */
export function registerImportJobs(): void {
  registerJobHandler('import.check', (payload, context) =>
    checkImport(context.db, payload.importId, mediaStorage(), context),
  )
  registerJobHandler('import.apply', (payload, context) => applyImport(context.db, payload.importId, context))
}
