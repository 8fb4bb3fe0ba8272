import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { DatabaseHandle } from '~/server/db/client.server'
import { setDatabaseForTesting } from '~/server/db/database.server'
import { seedDemoData } from '~/features/demo/seed.server'
import { localDiskStorage } from '~/server/providers/storage/storage.server'
import { createTestDatabase } from './test-database'

export interface SeededCatalog {
  handle: DatabaseHandle
  close(): Promise<void>
}

/**
 * A fresh database with the demo catalogue at scale 1 (2,000 products, 4,000 offers), installed as
 * the application's database so endpoints and server functions read it.
 */
export async function createSeededCatalog(): Promise<SeededCatalog> {
  const handle = await createTestDatabase()
  const media = await mkdtemp(join(tmpdir(), 'omdeh-catalog-'))
  await seedDemoData(handle.db, { scale: 1, storage: localDiskStorage(media) })
  setDatabaseForTesting(handle)
  return {
    handle,
    async close() {
      await handle.close()
      await rm(media, { recursive: true, force: true })
    },
  }
}
