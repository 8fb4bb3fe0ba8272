import '@tanstack/react-start/server-only'
import { and, eq, inArray, lt, lte, or } from 'drizzle-orm'
import { tehranDayOf } from '~/lib/tehran-time'
import { now } from '~/server/clock.server'
import type { Db } from '~/server/db/client.server'
import { quoteRequests, quotes } from '~/server/db/schema'

/**
 * The `quotes.expire` job (issue #40): a submitted quote whose validity has ended expires (it can
 * no longer be accepted; its locked price, if any, lapses by its own end); an open request whose
 * needed-by day has passed in Tehran expires with it. Idempotent: a second run changes nothing.
 */
export async function expireQuotes(db: Db, at: Date = now()): Promise<{ quotes: number; requests: number }> {
  return db.transaction(async (tx) => {
    // needed_by is a Tehran day: the request lapses once that whole day has gone.
    const expiredRequests = await tx
      .update(quoteRequests)
      .set({ status: 'expired', updatedAt: at })
      .where(and(eq(quoteRequests.status, 'open'), lt(quoteRequests.neededBy, tehranDayOf(at))))
      .returning({ id: quoteRequests.id })
    const expiredQuotes = await tx
      .update(quotes)
      .set({ status: 'expired', updatedAt: at })
      .where(
        and(
          eq(quotes.status, 'submitted'),
          or(
            lte(quotes.validUntil, at),
            expiredRequests.length
              ? inArray(
                  quotes.requestId,
                  expiredRequests.map((r) => r.id),
                )
              : undefined,
          ),
        ),
      )
      .returning({ id: quotes.id })
    return { quotes: expiredQuotes.length, requests: expiredRequests.length }
  })
}
