import '@tanstack/react-start/server-only'
import { count } from 'drizzle-orm'
import { serverConfig } from '../config.server'
import { startJobs, stopJobs } from '../jobs/jobs.server'
import { log } from '../log.server'
import { openMediaStorage } from '../providers/storage/media-storage.server'
import { openDatabase, type DatabaseHandle, type Db } from './client.server'
import { users } from './schema'
import type { MediaStorage } from '../providers/storage/storage.server'
import type { ServerConfig } from '#app-config'

/**
 * The production build loads this module twice (the boot plugin and the app bundle); PGlite allows
 * one instance per data folder, so the handle lives on globalThis.
 */
const STATE_KEY = Symbol.for('omdeh.database')
type State = { handle?: Promise<DatabaseHandle>; ready?: Promise<DatabaseHandle> }
const state: State = ((globalThis as Record<symbol, State | undefined>)[STATE_KEY] ??= {})

/** The application's database, opened once per process from the configuration. */
export function database(): Promise<DatabaseHandle> {
  state.handle ??= openDatabase(serverConfig().database)
  return state.handle
}

export async function getDb(): Promise<Db> {
  return (await database()).db
}

/** Lets integration tests run server code against their own database. */
export function setDatabaseForTesting(handle: DatabaseHandle): void {
  state.handle = Promise.resolve(handle)
  state.ready = state.handle
}

let media: { config: ServerConfig['media']; storage: MediaStorage } | undefined

/** The configured media storage: the local disk, or the S3 bucket when S3_BUCKET is set. One per process. */
export function mediaStorage(): MediaStorage {
  const config = serverConfig().media
  if (media?.config !== config) media = { config, storage: openMediaStorage(config) }
  return media.storage
}

export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(users)
  return (row?.n ?? 0) === 0
}

/** Loads the demo marketplace (the app entry passes it in: src/server knows no features). */
export type DemoSeed = (db: Db, options: { scale: number; storage: MediaStorage }) => Promise<unknown>

/**
 * Applies migrations, starts the job queue (pg-boss installs its own schema the same way), then
 * loads the demo data into an empty database when configured to. Once.
 */
export function initDatabase(seed: DemoSeed): Promise<DatabaseHandle> {
  state.ready ??= (async () => {
    const started = performance.now()
    const handle = await database()
    // Several instances may start together on one server: one migrates and seeds, the others wait.
    const migratedMs = await handle.exclusive(async () => {
      await handle.migrate()
      const migrated = Math.round(performance.now() - started)
      // Before the seed: seeded changes may queue jobs (messages) in their transactions.
      await startJobs(handle)
      if (await isDatabaseEmpty(handle.db)) {
        if (serverConfig().seedOnEmpty) {
          log().info('empty database: loading demo data')
          const summary = await seed(handle.db, { scale: 1, storage: mediaStorage() })
          log().info({ summary }, 'demo data loaded')
        } else {
          log().warn('empty database and no demo data: create the first administrator with npm run admin:create')
        }
      }
      return migrated
    })
    log().info(
      { kind: handle.kind, migratedMs, readyMs: Math.round(performance.now() - started) },
      'database ready',
    )
    return handle
  })()
  return state.ready
}

export async function closeDatabase(): Promise<void> {
  const pending = state.handle
  state.handle = undefined
  state.ready = undefined
  // Workers finish their running jobs while the database is still there.
  await stopJobs()
  if (pending) await (await pending).close()
}
