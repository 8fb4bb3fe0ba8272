import '@tanstack/react-start/server-only'
import { count } from 'drizzle-orm'
import { serverConfig } from '../config.server'
import { log } from '../log.server'
import { localDiskStorage } from '../providers/storage/storage.server'
import { openDatabase, type DatabaseHandle, type Db } from './client.server'
import { users } from './schema'
import { seedDemoData } from './seed/seed.server'

let current: Promise<DatabaseHandle> | undefined

/** The application's database, opened once per process from the configuration. */
export function database(): Promise<DatabaseHandle> {
  current ??= openDatabase(serverConfig().database)
  return current
}

export async function getDb(): Promise<Db> {
  return (await database()).db
}

/** Lets integration tests run server code against their own database. */
export function useDatabaseForTesting(handle: DatabaseHandle): void {
  current = Promise.resolve(handle)
}

export function mediaStorage() {
  return localDiskStorage(`${serverConfig().dataDir}/media`)
}

export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(users)
  return (row?.n ?? 0) === 0
}

/** Applies migrations, then loads the demo data into an empty database when configured to. */
export async function initDatabase(): Promise<DatabaseHandle> {
  const started = performance.now()
  const handle = await database()
  await handle.migrate()
  const migratedMs = Math.round(performance.now() - started)
  if (serverConfig().seedOnEmpty && (await isDatabaseEmpty(handle.db))) {
    log().info('empty database: loading demo data')
    const summary = await seedDemoData(handle.db, { scale: 1, storage: mediaStorage() })
    log().info({ summary }, 'demo data loaded')
  }
  log().info({ kind: handle.kind, migratedMs, readyMs: Math.round(performance.now() - started) }, 'database ready')
  return handle
}

export async function closeDatabase(): Promise<void> {
  if (!current) return
  const handle = await current
  current = undefined
  await handle.close()
}
