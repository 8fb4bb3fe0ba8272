/**
 * `npm run db:seed [-- --scale N] [-- --reset]`: loads the demo marketplace into the configured
 * database (DATABASE_URL, or PGlite under DATA_DIR). Refuses a database that already has data unless
 * --reset is given, which drops everything and migrates from scratch first.
 */
// Relative imports: scripts run under plain tsx, outside the app's bundler aliases.
import { parseArgs } from 'node:util'
import { sql } from 'drizzle-orm'
import { ConfigError, loadServerConfig } from '../app.config'
import { openDatabase, selectRows, type Db } from '../src/server/db/client.server'
import { seedDemoData } from '../src/features/demo/seed.server'
import { registerFeatureHooks } from '../src/feature-hooks.server'
import { startJobs, stopJobs } from '../src/server/jobs/jobs.server'
import { openMediaStorage } from '../src/server/providers/storage/media-storage.server'

const usage = `Usage: npm run db:seed -- [--scale N] [--reset]

  --scale N   multiply sellers, stores, products and SKUs by N (default 1)
  --reset     drop all data and re-create the schema before seeding`

function parseOptions(): { scale: number; reset: boolean } {
  const { values } = parseArgs({
    options: {
      scale: { type: 'string', default: '1' },
      reset: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  })
  if (values.help) {
    console.log(usage)
    process.exit(0)
  }
  const scale = Number(values.scale)
  if (!Number.isInteger(scale) || scale < 1 || scale > 1000) {
    console.error(`--scale must be a whole number from 1 to 1000, got "${values.scale}"\n\n${usage}`)
    process.exit(2)
  }
  return { scale, reset: values.reset }
}

async function hasData(db: Db): Promise<boolean> {
  const [row] = await selectRows<{ found: boolean }>(
    db,
    sql`select exists (select 1 from users) or exists (select 1 from categories) or exists (select 1 from products) as found`,
  )
  return Boolean(row?.found)
}

async function resetSchema(db: Db): Promise<void> {
  // pg_trgm lives in public and goes with it; the first migration creates it again.
  await db.execute(sql`drop schema if exists drizzle cascade`)
  // Queued jobs refer to the data that goes; pg-boss installs its schema again at the next start.
  await db.execute(sql`drop schema if exists pgboss cascade`)
  await db.execute(sql`drop schema if exists public cascade`)
  await db.execute(sql`create schema public`)
  await db.execute(sql`grant usage on schema public to public`)
}

async function main(): Promise<void> {
  const { scale, reset } = parseOptions()
  let config: ReturnType<typeof loadServerConfig>
  try {
    config = loadServerConfig()
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message)
      process.exit(2)
    }
    throw error
  }

  const target = config.database
  console.log(
    `database: ${target.kind === 'pglite' ? `PGlite at ${target.dataDir}` : 'PostgreSQL (DATABASE_URL)'}`,
  )
  const handle = await openDatabase(target)
  try {
    await handle.migrate()
    if (await hasData(handle.db)) {
      if (!reset) {
        console.error('The database already has data. Run with --reset to drop it and seed again.')
        process.exitCode = 1
        return
      }
      console.log('--reset: dropping all data')
      await resetSchema(handle.db)
      await handle.migrate()
    }

    // The seed queues messages (as the orders it makes would): they wait for the server's workers.
    await startJobs(handle, { work: false })
    // As the server does at start: a refresh queues the line sheets of the magazines it touches.
    registerFeatureHooks()
    // The media go where the server reads them: the local disk, or the S3 bucket when configured.
    const media = config.media.kind === 's3' ? `s3://${config.media.bucket}` : config.media.root
    console.log(`seeding at scale ${scale} (media in ${media}) ...`)
    const started = performance.now()
    const summary = await seedDemoData(handle.db, { scale, storage: openMediaStorage(config.media) })
    const seconds = ((performance.now() - started) / 1000).toFixed(1)
    console.table(summary)
    console.log(`seeded in ${seconds} s`)
  } finally {
    await stopJobs()
    await handle.close()
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
