// `npm run db:migrate`: applies the committed migrations to the configured database.
import { loadServerConfig } from '../app.config'
import { openDatabase } from '../src/server/db/client.server'

const config = loadServerConfig()
const handle = await openDatabase(config.database)
const started = performance.now()
await handle.migrate()
console.log(`Migrations applied to ${handle.kind} in ${Math.round(performance.now() - started)} ms`)
await handle.close()
