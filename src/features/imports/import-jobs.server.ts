import '@tanstack/react-start/server-only'
import { mediaStorage } from '~/server/db/database.server'
import { registerJobHandler } from '~/server/jobs/jobs.server'
import { inLocale } from '~/server/log.server'
import { applyImport, checkImport } from './imports.server'

/**
 * The import's background work; the app entry registers it once at start. Each job runs in the
 * language of the seller who started it: the messages it keeps on the import (row errors and
 * warnings, the file's fault, why a row was not applied) are read later in that language. A job
 * sent before the locale was carried runs in the server's default.
 */
export function registerImportJobs(): void {
  registerJobHandler('import.check', (payload, context) =>
    inLocale(payload.locale, () => checkImport(context.db, payload.importId, mediaStorage(), context)),
  )
  registerJobHandler('import.apply', (payload, context) =>
    inLocale(payload.locale, () => applyImport(context.db, payload.importId, context)),
  )
}
