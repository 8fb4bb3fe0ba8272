/** Insert helpers for the catalogue's own tables (landing pages); see create.ts for the rest. */
import type { LandingBlockInput } from '~/features/catalog/landing.schemas'
import type { DbOrTx } from '~/server/db/client.server'
import { landingPages } from '~/server/db/schema'
import { sequence } from './create'

export type LandingPageRow = typeof landingPages.$inferSelect

export async function createLandingPage(
  db: DbOrTx,
  overrides: Partial<Omit<typeof landingPages.$inferInsert, 'blocks'>> & {
    blocks?: LandingBlockInput[]
  } = {},
): Promise<LandingPageRow> {
  const n = sequence()
  const [row] = await db
    .insert(landingPages)
    .values({ slug: `test-landing-${n}`, title: `Test landing ${n}`, status: 'published', ...overrides })
    .returning()
  if (!row) throw new Error('insert returned no row')
  return row
}
