import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { inject } from 'vitest'
import postgres from 'postgres'
import { openDatabase, type DatabaseHandle } from '~/server/db/client.server'
import { registerFeatureHooks } from '~/feature-hooks.server'
import { stopJobs } from '~/server/jobs/jobs.server'
import { dropDatabase } from './drop-database'
import { startTestJobs } from './jobs'

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new database on
 * the PostgreSQL server named by TEST_DATABASE_URL (dropped again on close), each a copy of the run's
 * migrated template (./database-template). Its job queue is started for tests (see ./jobs: jobs run
 * when a test calls runDueJobs).
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  // As the server does at start (src/feature-hooks.server.ts): payments calls what each kind of
  // purchase registered, the catalogue and auth what follows their events.
  registerFeatureHooks()
  const handle = await openMigratedDatabase()
  await startTestJobs(handle)
  return {
    ...handle,
    async close() {
      await stopJobs()
      await handle.close()
    },
  }
}

async function openMigratedDatabase(): Promise<DatabaseHandle> {
  const serverUrl = process.env.TEST_DATABASE_URL
  if (!serverUrl) {
    const template = new Blob([readFileSync(inject('pgliteTemplateFile'))])
    return openDatabase({ kind: 'pglite', loadDataDir: template })
  }
  const name = `omdeh_test_${randomBytes(6).toString('hex')}`
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} })
  await admin.unsafe(`create database ${name} template ${inject('postgresTemplate')}`)
  await admin.end()
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  const handle = await openDatabase({ kind: 'postgres', url: url.toString() })
  return {
    ...handle,
    async close() {
      await handle.close()
      await dropDatabase(serverUrl, name)
    },
  }
}

export const usingPostgres = () => Boolean(process.env.TEST_DATABASE_URL)
