import '@tanstack/react-start/server-only'
import { desc, eq, inArray } from 'drizzle-orm'
import { constants } from '#app-config'
import { checkCode, consumeCode, issueCode, maskPhone } from '~/features/auth/index.server'
import { requireSeller } from '~/server/auth/guards.server'
import type { AuthContext, SessionMeta } from '~/server/auth/session.server'
import { recordAuditEvent } from '~/server/audit/audit.server'
import { minutes, now } from '~/server/clock.server'
import type { Db, DbOrTx } from '~/server/db/client.server'
import { sellerPayoutAccounts, sellers } from '~/server/db/schema'
import { notFound } from '~/server/http/api-errors.server'
import { log } from '~/server/log.server'
import { enforceRateLimits, type RateLimitRule } from '~/server/rate-limit/rate-limit.server'
import { queueMessageToSellerOwner } from '~/server/providers/sms/outbox.server'
import { maskSheba, shebaBankCode } from '~/lib/identifiers'
import { formatTehranDateTime } from '~/lib/tehran-time'
import { m } from '~/lib/messages'
import type { PayoutAccountView, PayoutCodeSent, SavePayoutAccountInput } from './payout-account.schemas'

/**
 * The seller's payout account (issue #38, "Payouts"): only the owner registers or changes it, each
 * time with a fresh code sent to the owner's own phone for this purpose alone (a sign-in code does
 * not do). A change holds payouts for PAYOUT_HOLD_HOURS, is audited, and the owner is told by SMS:
 * whoever takes over a session cannot quietly redirect the seller's money.
 */

export const PAYOUT_HOLD_HOURS = 72

const payoutLimits = {
  /** Codes asked for by one owner (issueCode also keeps the resend cooldown and the phone's pace). */
  codeRequestPerUser: { name: 'payout-code-request:user', limit: 5, windowMs: minutes(60) },
  /** Saves tried by one owner (each code also takes at most five wrong tries). */
  verifyPerUser: { name: 'payout-code-verify:user', limit: 10, windowMs: minutes(15) },
} satisfies Record<string, RateLimitRule>

export interface PayoutAccount {
  sheba: string
  holderName: string
  bankCode: string
  /** Null when the account was the first one registered, or the hold has a date to end. */
  payoutsHeldUntil: Date | null
}

/** The seller's current payout account (the newest registration), or null when it has none. */
export async function currentPayoutAccount(db: DbOrTx, sellerId: number): Promise<PayoutAccount | null> {
  const [row] = await newestAccount(db, sellerId)
  return row
    ? {
        sheba: row.sheba,
        holderName: row.holderName,
        bankCode: row.bankCode,
        payoutsHeldUntil: row.payoutsHeldUntil,
      }
    : null
}

/**
 * The current payout accounts of many sellers at once (the weekly payout batch): one query, the
 * newest registration of each. Sellers without an account are absent from the map.
 */
export async function currentPayoutAccounts(
  db: DbOrTx,
  sellerIds: readonly number[],
): Promise<Map<number, PayoutAccount>> {
  const accounts = new Map<number, PayoutAccount>()
  for (let i = 0; i < sellerIds.length; i += 5_000) {
    const rows = await db
      .selectDistinctOn([sellerPayoutAccounts.sellerId])
      .from(sellerPayoutAccounts)
      .where(inArray(sellerPayoutAccounts.sellerId, sellerIds.slice(i, i + 5_000)))
      .orderBy(
        sellerPayoutAccounts.sellerId,
        desc(sellerPayoutAccounts.createdAt),
        desc(sellerPayoutAccounts.id),
      )
    for (const row of rows)
      accounts.set(row.sellerId, {
        sheba: row.sheba,
        holderName: row.holderName,
        bankCode: row.bankCode,
        payoutsHeldUntil: row.payoutsHeldUntil,
      })
  }
  return accounts
}

/** Whether payouts to this account must wait at `at` (a change less than 72 hours ago). */
export const payoutsHeld = (account: Pick<PayoutAccount, 'payoutsHeldUntil'>, at: Date): boolean =>
  account.payoutsHeldUntil !== null && account.payoutsHeldUntil.getTime() > at.getTime()

const newestAccount = (db: DbOrTx, sellerId: number) =>
  db
    .select()
    .from(sellerPayoutAccounts)
    .where(eq(sellerPayoutAccounts.sellerId, sellerId))
    .orderBy(desc(sellerPayoutAccounts.createdAt), desc(sellerPayoutAccounts.id))
    .limit(1)

type AccountRow = typeof sellerPayoutAccounts.$inferSelect

function toView(row: AccountRow | undefined, canEdit: boolean, at: Date): PayoutAccountView {
  return {
    account: row
      ? {
          sheba_masked: maskSheba(row.sheba),
          bank_code: row.bankCode,
          holder_name: row.holderName,
          created_at: row.createdAt.toISOString(),
          payouts_held_until:
            row.payoutsHeldUntil && payoutsHeld(row, at) ? row.payoutsHeldUntil.toISOString() : null,
        }
      : null,
    can_edit: canEdit,
  }
}

/** /seller/profile: the account, masked; observers may read it, only the owner may change it. */
export async function getPayoutAccount(db: DbOrTx, auth: AuthContext | null): Promise<PayoutAccountView> {
  const actor = requireSeller(auth, { allowObserver: true })
  const [row] = await newestAccount(db, actor.sellerId)
  return toView(row, actor.role === 'owner', now())
}

/** Step 1: a code for this purpose to the owner's own phone (never a number the request names). */
export async function sendPayoutAccountCode(
  db: Db,
  auth: AuthContext | null,
  meta: SessionMeta,
): Promise<PayoutCodeSent> {
  const actor = requireSeller(auth, { allowObserver: false })
  const owner = actor.auth.user
  await enforceRateLimits(db, [{ rule: payoutLimits.codeRequestPerUser, subject: String(owner.id) }])
  const sent = await issueCode(
    db,
    { phone: owner.cellphone, purpose: 'payout_account', userId: owner.id },
    'sms',
    meta.ip,
  )
  return {
    phone_masked: maskPhone(sent.phone),
    expires_in: sent.expires_in,
    resend_in: sent.resend_in,
    code_length: sent.code_length,
  }
}

const auditFields = (row: AccountRow) => ({
  sheba: maskSheba(row.sheba),
  bank_code: row.bankCode,
  holder_name: row.holderName,
  payouts_held_until: row.payoutsHeldUntil?.toISOString() ?? null,
})

/**
 * Step 2: the code registers the account (a new row of the history). A change from a different
 * account holds payouts for 72 hours and sends the owner an SMS; saving the same account again
 * changes nothing. The code is used up in the transaction that writes the account.
 */
export async function savePayoutAccount(
  db: Db,
  auth: AuthContext | null,
  input: SavePayoutAccountInput,
): Promise<PayoutAccountView> {
  const actor = requireSeller(auth, { allowObserver: false })
  const owner = actor.auth.user
  const client = `user:${owner.id}`
  await enforceRateLimits(db, [{ rule: payoutLimits.verifyPerUser, subject: client }])
  const target = { phone: owner.cellphone, purpose: 'payout_account' as const, userId: owner.id }
  const codeId = await checkCode(db, target, input.code, client)
  const bankCode = shebaBankCode(input.sheba)!
  const result = await db.transaction(async (tx) => {
    await consumeCode(tx, codeId)
    // One registration at a time per seller: the newest row is read under the seller's row lock.
    const [seller] = await tx
      .select({ id: sellers.id, name: sellers.displayName })
      .from(sellers)
      .where(eq(sellers.id, actor.sellerId))
      .for('update')
    if (!seller) throw notFound(m.content_err_seller_not_found())
    const [previous] = await newestAccount(tx, seller.id)
    const at = now()
    if (previous && previous.sheba === input.sheba && previous.holderName === input.holder_name)
      return { row: previous, changed: false }
    const [row] = await tx
      .insert(sellerPayoutAccounts)
      .values({
        sellerId: seller.id,
        sheba: input.sheba,
        holderName: input.holder_name,
        bankCode,
        createdAt: at,
        createdByUserId: owner.id,
        payoutsHeldUntil: previous ? new Date(at.getTime() + PAYOUT_HOLD_HOURS * 3_600_000) : null,
      })
      .returning()
    await recordAuditEvent(tx, {
      actorUserId: owner.id,
      sellerId: seller.id,
      action: previous ? 'seller.payout_account_change' : 'seller.payout_account_register',
      recordType: 'seller_payout_account',
      recordId: row!.id,
      before: previous ? auditFields(previous) : null,
      after: auditFields(row!),
    })
    if (previous)
      await queueMessageToSellerOwner(tx, seller.id, () =>
        m.payout_sms_changed({
          brand: constants.brand.name,
          seller: seller.name,
          last4: row!.sheba.slice(-4),
          until: formatTehranDateTime(row!.payoutsHeldUntil!),
        }),
      )
    return { row: row!, changed: true }
  })
  if (result.changed)
    log().info(
      { sellerId: actor.sellerId, userId: owner.id, held: result.row.payoutsHeldUntil !== null },
      'seller payout account registered',
    )
  return toView(result.row, true, now())
}

/** For tests and the payouts part: the account rows of a seller, oldest first. */
export async function payoutAccountHistory(db: DbOrTx, sellerId: number): Promise<AccountRow[]> {
  return db
    .select()
    .from(sellerPayoutAccounts)
    .where(eq(sellerPayoutAccounts.sellerId, sellerId))
    .orderBy(sellerPayoutAccounts.createdAt, sellerPayoutAccounts.id)
}
