import { randomBytes } from 'node:crypto'
import postgres from 'postgres'
import { openDatabase, type DatabaseHandle } from '~/server/db/client.server'

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new database on
 * the PostgreSQL server named by TEST_DATABASE_URL (dropped again on close).
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
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
      const cleanup = postgres(serverUrl, { max: 1, onnotice: () => {} })
      await cleanup.unsafe(`drop database if exists ${name} with (force)`)
      await cleanup.end()
    },
  }
}

export const usingPostgres = () => Boolean(process.env.TEST_DATABASE_URL)
