import { randomBytes } from 'node:crypto'
import postgres from 'postgres'
import { openDatabase, type DatabaseHandle } from '~/server/db/client.server'
import { stopJobs } from '~/server/jobs/jobs.server'
import { startTestJobs } from './jobs'

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new database on
 * the PostgreSQL server named by TEST_DATABASE_URL (dropped again on close). Its job queue is
 * started for tests (see ./jobs: jobs run when a test calls runDueJobs).
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
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
    const handle = await openDatabase({ kind: 'pglite' })
    await handle.migrate()
    return handle
  }
  const name = `omdeh_test_${randomBytes(6).toString('hex')}`
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} })
  await admin.unsafe(`create database ${name}`)
  await admin.end()
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  const handle = await openDatabase({ kind: 'postgres', url: url.toString() })
  await handle.migrate()
  return {
    ...handle,
    async close() {
      await handle.close()
      await dropDatabase(serverUrl, name)
    },
  }
}

/**
 * Drops a test database. `with (force)` ends leftover sessions, but PostgreSQL refuses it while an
 * autovacuum worker (which belongs to no role) is on the database unless the caller may signal
 * backends, so a refusal is retried for a few seconds until the worker has finished.
 */
async function dropDatabase(serverUrl: string, name: string) {
  const cleanup = postgres(serverUrl, { max: 1, onnotice: () => {} })
  try {
    for (let attempt = 1; ; attempt++) {
      try {
        await cleanup.unsafe(`drop database if exists ${name} with (force)`)
        return
      } catch (error) {
        if (attempt >= 20) throw error
        await new Promise((resolve) => setTimeout(resolve, 500))
      }
    }
  } finally {
    await cleanup.end()
  }
}

export const usingPostgres = () => Boolean(process.env.TEST_DATABASE_URL)
