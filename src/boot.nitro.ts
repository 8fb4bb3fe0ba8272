/**
 * Nitro runtime plugin of the production server. Its top-level await runs before the server starts
 * listening: a bad configuration or a failed migration stops the process instead of serving errors.
 */
import './server/runtime-mode.server'
import { definePlugin } from 'nitro'
import { serverConfig } from './server/config.server'
import { seedDemoData } from '~/features/demo/index.server'
import { registerFeatureHooks } from './feature-hooks.server'
import { registerJobHandlers } from './job-handlers.server'
import { closeDatabase, initDatabase } from './server/db/database.server'
import { rootLogger } from './server/log.server'

try {
  const config = serverConfig()
  if (config.demoMode) {
    rootLogger.warn(
      `DEMO MODE is on: /dev/outbox shows every sign-in code and the sandbox bank approves any payment. ${
        config.demoPublic
          ? 'DEMO_PUBLIC=1: they answer every machine that can reach this server.'
          : 'They answer only this machine (set DEMO_PUBLIC=1 to share the demo).'
      } Never run demo mode for real customers.`,
    )
  }
  // What features above a lower one do on its events (a payment, a catalogue refresh, a new
  // account), before the seed and before any job.
  registerFeatureHooks()
  // Migrations, then the job queue (pg-boss).
  await initDatabase(seedDemoData)
  // The workers start here, not in the app entry: Nitro loads that on the first request, and queued
  // messages, refunds and scheduled runs must not wait for one (e.g. after a restart).
  registerJobHandlers()
} catch (error) {
  rootLogger.fatal({ err: error }, 'start-up failed')
  process.exit(1)
}

// The server's own graceful shutdown is off when CI or TEST is set; close the database regardless.
setImmediate(() => {
  if (process.listenerCount('SIGTERM') > 0) return
  process.once('SIGTERM', () => {
    closeDatabase().finally(() => process.exit(0))
  })
})

export default definePlugin((nitroApp) => {
  nitroApp.hooks.hook('close', async () => {
    rootLogger.info('closing the job queue and the database')
    await closeDatabase()
    // Everything of ours is closed; a stray handle in a dependency must not keep the process up.
    setTimeout(() => process.exit(0), 1000).unref()
  })
})
