// `npm run db:migrate`: applies the committed migrations to the configured database, and installs
// or upgrades the job queue's own schema (pg-boss), as the server does at start.
import { loadServerConfig } from '../app.config'
import { openDatabase } from '../src/server/db/client.server'
import { startJobs, stopJobs } from '../src/server/jobs/jobs.server'

const config = loadServerConfig()
const handle = await openDatabase(config.database)
const started = performance.now()
// Under the start-up lock, like a starting server: instances starting meanwhile wait for it.
await handle.exclusive(async () => {
  await handle.migrate()
  await startJobs(handle, { work: false })
  await stopJobs()
})
console.log(`Migrations applied to ${handle.kind} in ${Math.round(performance.now() - started)} ms`)
await handle.close()
