import '@tanstack/react-start/server-only'
import { lt } from 'drizzle-orm'
import { days, now } from '../clock.server'
import type { DbOrTx } from '../db/client.server'
import { oneTimeCodes, registrationTickets, sessions } from '../db/schema'

/** Deletes sign-in records that can no longer be used, a day after they died. */
export async function pruneAuthRecords(db: DbOrTx): Promise<void> {
  const before = new Date(now().getTime() - days(1))
  await db.delete(oneTimeCodes).where(lt(oneTimeCodes.expiresAt, before))
  await db.delete(registrationTickets).where(lt(registrationTickets.expiresAt, before))
  await db.delete(sessions).where(lt(sessions.refreshExpiresAt, before))
}
