/**
 * Vitest global setup: one migrated database (with pg-boss's schema) per test run, which every test
 * file's database starts from instead of migrating its own. On PGlite it is a dumped data directory
 * in a temporary file (an empty PGlite costs an initdb, ~2.5 s, and the migrations ~1 s more per
 * file); on PostgreSQL it is a template database that `create database … template` copies.
 */
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import postgres from 'postgres'
import type { TestProject } from 'vitest/node'
import { openDatabase, type DatabaseHandle } from '~/server/db/client.server'
import { startJobs, stopJobs } from '~/server/jobs/jobs.server'
import { dropDatabase } from './drop-database'

declare module 'vitest' {
  export interface ProvidedContext {
    /** A file holding the migrated PGlite data directory (PGlite runs). */
    pgliteTemplateFile: string
    /** The migrated template database's name (PostgreSQL runs). */
    postgresTemplate: string
  }
}

async function prepare(handle: DatabaseHandle) {
  await handle.migrate()
  await startJobs(handle, { work: false })
  await stopJobs()
}

export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL
  if (!serverUrl) {
    const handle = await openDatabase({ kind: 'pglite' })
    await prepare(handle)
    if (handle.connection.kind !== 'pglite') throw new Error('expected PGlite')
    const dump = await handle.connection.client.dumpDataDir('none')
    await handle.close()
    const dir = mkdtempSync(join(tmpdir(), 'omdeh-test-template-'))
    const file = join(dir, 'pgdata.tar')
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()))
    project.provide('pgliteTemplateFile', file)
    project.provide('postgresTemplate', '')
    return () => rmSync(dir, { recursive: true, force: true })
  }
  const name = `omdeh_template_${randomBytes(6).toString('hex')}`
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} })
  await admin.unsafe(`create database ${name}`)
  await admin.end()
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  const handle = await openDatabase({ kind: 'postgres', url: url.toString() })
  await prepare(handle)
  // A template cannot be copied while anyone is connected to it: closed to connections (autovacuum
  // included, but for wraparound) until the run ends.
  await handle.close()
  const owner = postgres(serverUrl, { max: 1, onnotice: () => {} })
  await owner.unsafe(`alter database ${name} with is_template true allow_connections false`)
  await owner.end()
  project.provide('pgliteTemplateFile', '')
  project.provide('postgresTemplate', name)
  return async () => {
    const cleanup = postgres(serverUrl, { max: 1, onnotice: () => {} })
    await cleanup.unsafe(`alter database ${name} with is_template false`)
    await cleanup.end()
    await dropDatabase(serverUrl, name)
  }
}
