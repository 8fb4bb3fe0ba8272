import '@tanstack/react-start/server-only'
import { eq } from 'drizzle-orm'
import { recordAuditEvent } from '~/server/audit/audit.server'
import { requireAdmin } from '~/server/auth/guards.server'
import type { AuthContext } from '~/server/auth/session.server'
import { now } from '~/server/clock.server'
import type { Db, DbOrTx } from '~/server/db/client.server'
import { membershipOffers } from '~/server/db/schema'
import { PLUS_SLUG, plusYearlyPrice } from './plus-membership.server'
import type { PlusPriceInput } from './plus.schemas'

/** The Plus price on /admin/plans: read and set by admins; a new price applies to the next purchase. */

export async function plusPriceForAdmin(
  db: DbOrTx,
  auth: AuthContext | null,
): Promise<{ yearly_price: number }> {
  requireAdmin(auth)
  return { yearly_price: await plusYearlyPrice(db) }
}

export async function setPlusPrice(
  db: Db,
  auth: AuthContext | null,
  input: PlusPriceInput,
): Promise<{ yearly_price: number }> {
  const admin = requireAdmin(auth)
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(membershipOffers)
      .where(eq(membershipOffers.slug, PLUS_SLUG))
      .for('update')
    if (!before) throw new Error('the Plus offer row is missing (its migration seeds it)')
    await tx
      .update(membershipOffers)
      .set({ yearlyPrice: input.yearly_price, updatedAt: now() })
      .where(eq(membershipOffers.id, before.id))
    await recordAuditEvent(tx, {
      actorUserId: admin.user.id,
      action: 'plus.price_update',
      recordType: 'membership_offer',
      recordId: before.id,
      before: { yearly_price: before.yearlyPrice },
      after: { yearly_price: input.yearly_price },
    })
    return { yearly_price: input.yearly_price }
  })
}
