import { describe, expect, it } from 'vitest'
import type { DbOrTx } from '~/server/db/client.server'
import { requestScope, rootLogger, type RequestScope } from '~/server/log.server'
import { categoryCounts } from '~/features/catalog/catalog-counts.server'

/** A database handle that answers the category counts and counts the statements it was sent. */
function countingDb(rows: Array<{ id: number; n: number }>) {
  const db = {
    statements: 0,
    execute() {
      db.statements++
      return Promise.resolve(rows.map((row) => ({ ...row })))
    },
  }
  return db
}

const scope = (extra: Partial<RequestScope> = {}): RequestScope => ({
  requestId: 'test',
  log: rootLogger,
  cspNonce: '',
  ...extra,
})

describe('categoryCounts', () => {
  it('asks the database once per page request, however many parts of the page need the counts', async () => {
    const db = countingDb([{ id: 1, n: 13768 }])
    const [tree, facets] = await requestScope.run(scope(), () =>
      Promise.all([categoryCounts(db as unknown as DbOrTx), categoryCounts(db as unknown as DbOrTx)]),
    )
    expect(tree.get(1)).toBe(13768)
    expect(facets.get(1)).toBe(13768)
    expect(db.statements).toBe(1)
    // The next request reads afresh (a listing may have changed in between).
    await requestScope.run(scope(), () => categoryCounts(db as unknown as DbOrTx))
    expect(db.statements).toBe(2)
  })

  it('reads afresh after the request changed something, and outside a request', async () => {
    const db = countingDb([{ id: 1, n: 5 }])
    await requestScope.run(scope({ recordedChange: true }), async () => {
      await categoryCounts(db as unknown as DbOrTx)
      await categoryCounts(db as unknown as DbOrTx)
    })
    expect(db.statements).toBe(2)
    await categoryCounts(db as unknown as DbOrTx)
    await categoryCounts(db as unknown as DbOrTx)
    expect(db.statements).toBe(4)
  })
})
