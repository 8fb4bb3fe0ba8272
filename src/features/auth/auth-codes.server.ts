import '@tanstack/react-start/server-only'
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm'
import { constants } from '#app-config'
import { hashCode, newNumericCode, sameHash } from '~/server/auth/tokens.server'
import { now, seconds } from '~/server/clock.server'
import { serverConfig } from '~/server/config.server'
import type { Db, DbOrTx } from '~/server/db/client.server'
import { oneTimeCodes, type oneTimeCodePurposes } from '~/server/db/schema'
import { HttpError, tooManyRequests } from '~/server/http/api-errors.server'
import { hitRateLimit, type RateLimitRule } from '~/server/rate-limit/rate-limit.server'
import { queueMessage } from '~/server/providers/sms/outbox.server'
import { OTP_TRIES_PER_CODE, codePace, codePaceSlowMs } from './auth-limits.server'
import type { CodeSent } from './auth.schemas'
import { m } from '~/lib/messages'
import { formatNumber } from '~/lib/money'
import { plainNumber } from './auth-format'

/** A code is good only for what it was sent for: a sign-in code never changes a payout account. */
export type CodePurpose = (typeof oneTimeCodePurposes)[number]
type Purpose = CodePurpose

export interface CodeTarget {
  phone: string
  purpose: Purpose
  /** change_mobile: the signed-in user moving to `phone`; payout_account: the seller's owner; login: none. */
  userId?: number | null
}

const { otpLength, otpValidSeconds, otpResendSeconds, otpMaxAttempts } = constants.auth

const targetIs = (target: CodeTarget) =>
  and(
    eq(oneTimeCodes.phone, target.phone),
    eq(oneTimeCodes.purpose, target.purpose),
    target.userId ? eq(oneTimeCodes.userId, target.userId) : isNull(oneTimeCodes.userId),
  )

const codeHashFor = (target: CodeTarget, code: string) =>
  hashCode(serverConfig().sessionSecret, target.phone, target.purpose, code)

function messageBody(purpose: Purpose, code: string): string {
  // The code itself stays in Latin digits: the phone's SMS autofill and every keyboard read them.
  const words = { brand: constants.brand.name, code, minutes: formatNumber(otpValidSeconds / 60) }
  if (purpose === 'payout_account') return m.payout_sms_code(words)
  return purpose === 'login' ? m.account_sms_sign_in(words) : m.account_sms_mobile_change(words)
}

/**
 * The codes a phone was sent for `purpose` in the last codePace window, newest first (at most
 * codePace.quick of them: enough to know the pace). Only codes actually sent are counted.
 */
export async function recentCodesTo(
  db: DbOrTx,
  phone: string,
  purpose: Purpose,
  at = now(),
): Promise<Date[]> {
  const rows = await db
    .select({ createdAt: oneTimeCodes.createdAt })
    .from(oneTimeCodes)
    .where(
      and(
        eq(oneTimeCodes.phone, phone),
        eq(oneTimeCodes.purpose, purpose),
        gt(oneTimeCodes.createdAt, new Date(at.getTime() - codePace.windowMs)),
      ),
    )
    .orderBy(desc(oneTimeCodes.createdAt))
    .limit(codePace.quick)
  return rows.map((row) => row.createdAt)
}

/** Whether the phone has had codePace.quick codes this hour (its next one comes slowly). */
export const phoneCodesSlowed = (recent: Date[]) => recent.length >= codePace.quick

/**
 * Issues a new code for a phone and queues its message, in one transaction. Older codes stay
 * valid until they expire (see checkCode). A 429 with the seconds left, and nothing sent, when the
 * same client asks again within the resend cooldown, or (`pacedByPhone`, every client but a known
 * device of the phone) when the phone's last code is more recent than codePace allows: whoever
 * asked, that code went to the phone, so its owner can enter it meanwhile. Returns whether this
 * was a resend, for analytics.
 */
export async function issueCode(
  db: Db,
  target: CodeTarget,
  channel: 'sms' | 'whatsapp',
  ip: string,
  { pacedByPhone = true }: { pacedByPhone?: boolean } = {},
): Promise<CodeSent & { resend: boolean }> {
  return db.transaction(async (tx) => {
    // Serialises requests for one phone so two at once cannot both pass the cooldown check.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`otp:${target.purpose}:${target.phone}`}))`)
    const at = now()
    // This client's own cooldown: the spec's resend after 60 seconds.
    const [previous] = await tx
      .select({ createdAt: oneTimeCodes.createdAt, consumedAt: oneTimeCodes.consumedAt })
      .from(oneTimeCodes)
      .where(and(targetIs(target), eq(oneTimeCodes.ip, ip)))
      .orderBy(desc(oneTimeCodes.createdAt), desc(oneTimeCodes.id))
      .limit(1)
    let resendAt = previous ? previous.createdAt.getTime() + seconds(otpResendSeconds) : 0
    if (pacedByPhone) {
      // The phone's pace, whoever asked: the SMS budget, counted in codes actually sent.
      const recent = await recentCodesTo(tx, target.phone, target.purpose, at)
      const gap = phoneCodesSlowed(recent) ? codePaceSlowMs : seconds(otpResendSeconds)
      if (recent[0]) resendAt = Math.max(resendAt, recent[0].getTime() + gap)
    }
    if (resendAt > at.getTime()) {
      const wait = Math.ceil((resendAt - at.getTime()) / 1000)
      throw tooManyRequests(wait, m.account_code_resend_wait({ seconds: plainNumber(wait) }))
    }
    const code = newNumericCode(otpLength)
    await tx.insert(oneTimeCodes).values({
      phone: target.phone,
      purpose: target.purpose,
      userId: target.userId ?? null,
      codeHash: codeHashFor(target, code),
      channel,
      expiresAt: new Date(at.getTime() + seconds(otpValidSeconds)),
      ip,
      createdAt: at,
    })
    await queueMessage(tx, {
      to: target.phone,
      channel,
      body: messageBody(target.purpose, code),
      sensitive: true,
    })
    const resend = Boolean(
      previous && !previous.consumedAt && previous.createdAt.getTime() > at.getTime() - seconds(600),
    )
    return {
      phone: target.phone,
      channel,
      expires_in: otpValidSeconds,
      resend_in: otpResendSeconds,
      code_length: otpLength,
      resend,
    }
  })
}

const codeError = (message: string) => new HttpError(401, message, { code: [message] })
export const CODE_EXPIRED = () => m.account_code_expired()
export const CODE_USED = () => m.account_code_used()
export const CODE_BURNED = () => m.account_code_burned()
export const CODE_INVALID = () => m.account_code_invalid()
export const NO_CODE = () => m.account_no_code()

/** How many codes of one phone may be live at once: a newer code does not cancel an older one. */
const LIVE_CODES = 3
const triesPerClient = {
  name: 'otp-tries:code-ip',
  limit: otpMaxAttempts,
  windowMs: seconds(otpValidSeconds),
} satisfies RateLimitRule

/**
 * Checks a code against the phone's live codes (unused, unexpired; the newest few), so that a
 * code somebody else asked for does not cancel the one the owner is typing. Each check first
 * takes a try in single conditional statements: one of five for this client on the newest code
 * (an atomic upsert), and one of OTP_TRIES_PER_CODE for everybody (attempts + 1 where below it).
 * However many guesses arrive at once, no more are ever compared, and one client's wrong tries
 * never burn the code for another. A correct code gives back its try of the shared allowance
 * (not the client's own: see below). Returns the matching
 * code's id for `consumeCode` in the transaction that acts on it; otherwise throws 401 with a
 * message the user can act on. Runs outside any transaction: a counted try stays counted.
 */
export async function checkCode(db: Db, target: CodeTarget, code: string, client: string): Promise<number> {
  const at = now()
  const live = await db
    .select({ id: oneTimeCodes.id, codeHash: oneTimeCodes.codeHash })
    .from(oneTimeCodes)
    .where(and(targetIs(target), isNull(oneTimeCodes.consumedAt), gt(oneTimeCodes.expiresAt, at)))
    .orderBy(desc(oneTimeCodes.createdAt), desc(oneTimeCodes.id))
    .limit(LIVE_CODES)
  const guessHash = codeHashFor(target, code)
  if (!live.length) throw codeError(await whyNoLiveCode(db, target, guessHash))
  const newest = live[0]!
  const mine = await hitRateLimit(db, triesPerClient, `${newest.id}:${client}`)
  const [counted] = mine.allowed
    ? await db
        .update(oneTimeCodes)
        .set({ attempts: sql`${oneTimeCodes.attempts} + 1` })
        .where(
          and(
            eq(oneTimeCodes.id, newest.id),
            isNull(oneTimeCodes.consumedAt),
            lt(oneTimeCodes.attempts, OTP_TRIES_PER_CODE),
          ),
        )
        .returning({ id: oneTimeCodes.id })
    : []
  if (!counted) throw codeError(CODE_BURNED())
  const match = live.find((candidate) => sameHash(candidate.codeHash, guessHash))
  if (match) {
    // The client's own try is not given back: the code is used up on success anyway, and a refund
    // here would let a burst of guesses sent at once have a sixth one compared after the right one.
    await db
      .update(oneTimeCodes)
      .set({ attempts: sql`greatest(${oneTimeCodes.attempts} - 1, 0)` })
      .where(eq(oneTimeCodes.id, newest.id))
    return match.id
  }
  const left = otpMaxAttempts - mine.count
  if (left <= 0) throw codeError(m.account_code_wrong_burned({ burned: CODE_BURNED() }))
  throw codeError(m.account_code_wrong_left({ count: left, countText: formatNumber(left) }))
}

/** The message for a target without a live code: none sent, used, expired, or burned. */
async function whyNoLiveCode(db: Db, target: CodeTarget, guessHash: string): Promise<string> {
  const [latest] = await db
    .select()
    .from(oneTimeCodes)
    .where(targetIs(target))
    .orderBy(desc(oneTimeCodes.createdAt), desc(oneTimeCodes.id))
    .limit(1)
  if (!latest) return NO_CODE()
  const matches = sameHash(latest.codeHash, guessHash)
  if (latest.consumedAt) return matches ? CODE_USED() : CODE_INVALID()
  if (latest.attempts >= OTP_TRIES_PER_CODE) return CODE_BURNED()
  return CODE_EXPIRED()
}

/** Uses up a checked code; fails if another request used it first (a replay racing the original). */
export async function consumeCode(tx: DbOrTx, codeId: number): Promise<void> {
  const at = now()
  const [used] = await tx
    .update(oneTimeCodes)
    .set({ consumedAt: at })
    .where(
      and(
        eq(oneTimeCodes.id, codeId),
        isNull(oneTimeCodes.consumedAt),
        lt(oneTimeCodes.attempts, OTP_TRIES_PER_CODE),
        gt(oneTimeCodes.expiresAt, at),
      ),
    )
    .returning({ id: oneTimeCodes.id })
  if (!used) throw codeError(CODE_USED())
}
