import '@tanstack/react-start/server-only'
import { desc, eq } from 'drizzle-orm'
import { computeOrderCommission, postSplitSettled } from '~/features/ledger/index.server'
import type { SettlementMode } from '~/lib/settlement'
import { recordAuditEvent } from '~/server/audit/audit.server'
import { requireAdmin } from '~/server/auth/guards.server'
import type { AuthContext } from '~/server/auth/session.server'
import { now } from '~/server/clock.server'
import type { Db, DbOrTx } from '~/server/db/client.server'
import { platformSettings, sellerPayoutAccounts } from '~/server/db/schema'
import { paymentProvider } from '~/server/providers/payment/payment-provider.server'

/**
 * How a paid order's money reaches its seller (issue #38, DOMAIN.md "Payouts"): the admin's
 * settlement mode. In `split` mode, and when the configured gateway can split, a payment session
 * for an order names the seller's share and Sheba; the gateway pays that share straight to the
 * seller at payment time and the ledger records it as paid out (postSplitSettled). Otherwise the
 * platform collects everything and the weekly payout batch pays sellers.
 */

export interface SettlementSetting {
  mode: SettlementMode
  /** Whether the gateway in use can split a payment; `split` does nothing while it cannot. */
  gatewaySplits: boolean
  gateway: string
  updatedAt: string | null
}

export async function settlementMode(db: DbOrTx): Promise<SettlementMode> {
  const [row] = await db
    .select({ mode: platformSettings.settlementMode })
    .from(platformSettings)
    .where(eq(platformSettings.id, 1))
  return row?.mode ?? 'collect'
}

export async function settlementSetting(db: DbOrTx, auth: AuthContext | null): Promise<SettlementSetting> {
  requireAdmin(auth)
  const [row] = await db.select().from(platformSettings).where(eq(platformSettings.id, 1))
  const provider = paymentProvider()
  return {
    mode: row?.settlementMode ?? 'collect',
    gatewaySplits: provider.supportsSplit,
    gateway: provider.name,
    updatedAt: row ? row.updatedAt.toISOString() : null,
  }
}

/** The admin's choice, audited with before and after. Sessions already open keep theirs. */
export async function setSettlementMode(
  db: Db,
  auth: AuthContext | null,
  mode: SettlementMode,
): Promise<SettlementSetting> {
  const admin = requireAdmin(auth)
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ mode: platformSettings.settlementMode })
      .from(platformSettings)
      .where(eq(platformSettings.id, 1))
      .for('update')
    const at = now()
    await tx
      .insert(platformSettings)
      .values({ id: 1, settlementMode: mode, updatedAt: at, updatedByUserId: admin.user.id })
      .onConflictDoUpdate({
        target: platformSettings.id,
        set: { settlementMode: mode, updatedAt: at, updatedByUserId: admin.user.id },
      })
    await recordAuditEvent(tx, {
      actorUserId: admin.user.id,
      action: 'settlement_mode.set',
      recordType: 'platform_settings',
      recordId: 1,
      before: { settlementMode: before?.mode ?? 'collect' },
      after: { settlementMode: mode },
    })
  })
  return settlementSetting(db, auth)
}

/**
 * The split of a payment for an order about to open a session, or null when the platform collects
 * it: not in split mode, a gateway that cannot split, a seller without a payout account or with
 * payouts held after a Sheba change, or nothing left for the platform (the share must be less than
 * the payment). The seller's share is what the buyer pays less the platform's commission and its
 * VAT, at the rates of now; a Plus delivery subsidy is paid by the platform in the payout batch.
 */
export async function orderSplit(
  tx: DbOrTx,
  order: { id: number; sellerId: number; total: number },
): Promise<{ amount: number; iban: string } | null> {
  if (!paymentProvider().supportsSplit || (await settlementMode(tx)) !== 'split') return null
  // The seller's current payout account is its newest registration (features/sellers keeps them;
  // read here from the table because sellers sits above payments through plans).
  const [account] = await tx
    .select({ sheba: sellerPayoutAccounts.sheba, heldUntil: sellerPayoutAccounts.payoutsHeldUntil })
    .from(sellerPayoutAccounts)
    .where(eq(sellerPayoutAccounts.sellerId, order.sellerId))
    .orderBy(desc(sellerPayoutAccounts.createdAt), desc(sellerPayoutAccounts.id))
    .limit(1)
  if (!account || (account.heldUntil !== null && account.heldUntil > now())) return null
  const lines = await computeOrderCommission(tx, order.id)
  const platformShare = lines.reduce((sum, line) => sum + line.amount + line.vat, 0)
  const amount = order.total - platformShare
  if (amount <= 0 || amount >= order.total) return null
  return { amount, iban: account.sheba }
}

/** Records a verified session's split in the ledger (nothing for a session without one). */
export async function recordSessionSplit(
  tx: DbOrTx,
  session: { id: string; splitAmount: number },
  order: { id: number; sellerId: number },
  applied: boolean,
): Promise<void> {
  if (session.splitAmount <= 0) return
  await postSplitSettled(tx, {
    sessionId: session.id,
    orderId: order.id,
    sellerId: order.sellerId,
    amount: session.splitAmount,
    applied,
  })
}
