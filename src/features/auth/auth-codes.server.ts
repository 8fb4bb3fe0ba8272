import '@tanstack/react-start/server-only'
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm'
import { constants } from '#app-config'
import { hashCode, newNumericCode, sameHash } from '~/server/auth/tokens.server'
import { now, seconds } from '~/server/clock.server'
import { serverConfig } from '~/server/config.server'
import type { Db, DbOrTx } from '~/server/db/client.server'
import { oneTimeCodes } from '~/server/db/schema'
import { HttpError, tooManyRequests } from '~/server/http/api-errors.server'
import { queueMessage } from '~/server/providers/sms/outbox.server'
import type { CodeSent } from './auth.schemas'

type Purpose = 'login' | 'change_mobile'

export interface CodeTarget {
  phone: string
  purpose: Purpose
  /** change_mobile: the signed-in user moving to `phone`; login: none. */
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
  const what = purpose === 'login' ? 'sign-in' : 'mobile number change'
  return `${constants.brand.name} ${what} code: ${code}. Valid for ${otpValidSeconds / 60} minutes. Never share it.`
}

/**
 * Issues a new code for a phone and queues its message, in one transaction. A new code replaces
 * the previous one (only the latest can be verified); asking again within the resend cooldown is a
 * 429 with the seconds left. Returns whether this was a resend, for analytics.
 */
export async function issueCode(
  db: Db,
  target: CodeTarget,
  channel: 'sms' | 'whatsapp',
  ip: string,
): Promise<CodeSent & { resend: boolean }> {
  return db.transaction(async (tx) => {
    // Serialises requests for one phone so two at once cannot both pass the cooldown check.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`otp:${target.purpose}:${target.phone}`}))`)
    const at = now()
    const [previous] = await tx
      .select({ createdAt: oneTimeCodes.createdAt, consumedAt: oneTimeCodes.consumedAt })
      .from(oneTimeCodes)
      .where(targetIs(target))
      .orderBy(desc(oneTimeCodes.createdAt), desc(oneTimeCodes.id))
      .limit(1)
    const resendAt = previous ? previous.createdAt.getTime() + seconds(otpResendSeconds) : 0
    if (resendAt > at.getTime()) {
      const wait = Math.ceil((resendAt - at.getTime()) / 1000)
      throw tooManyRequests(wait, `You can request a new code in ${wait} seconds`)
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
export const CODE_EXPIRED = 'This code has expired. Request a new code.'
export const CODE_USED = 'This code has already been used. Request a new code.'
export const CODE_BURNED = 'Too many wrong tries: this code no longer works. Request a new code.'
export const CODE_INVALID = 'This code is no longer valid. Request a new code.'
export const NO_CODE = 'No code was sent to this number. Request a code first.'

/**
 * Checks a code against the latest one issued for the target. Only a wrong guess changes
 * anything (its try is counted, and the fifth wrong try burns the code). Returns the code's id
 * for `consumeCode` in the transaction that acts on it; otherwise throws 401 with a message the
 * user can act on.
 */
export async function checkCode(db: DbOrTx, target: CodeTarget, code: string): Promise<number> {
  const [latest] = await db
    .select()
    .from(oneTimeCodes)
    .where(targetIs(target))
    .orderBy(desc(oneTimeCodes.createdAt), desc(oneTimeCodes.id))
    .limit(1)
  if (!latest) throw codeError(NO_CODE)
  const matches = sameHash(latest.codeHash, codeHashFor(target, code))
  if (latest.consumedAt) throw codeError(matches ? CODE_USED : CODE_INVALID)
  if (latest.attempts >= otpMaxAttempts) throw codeError(CODE_BURNED)
  if (latest.expiresAt.getTime() <= now().getTime()) throw codeError(CODE_EXPIRED)
  if (matches) return latest.id
  const [counted] = await db
    .update(oneTimeCodes)
    .set({ attempts: sql`${oneTimeCodes.attempts} + 1` })
    .where(
      and(
        eq(oneTimeCodes.id, latest.id),
        isNull(oneTimeCodes.consumedAt),
        lt(oneTimeCodes.attempts, otpMaxAttempts),
      ),
    )
    .returning({ attempts: oneTimeCodes.attempts })
  const left = otpMaxAttempts - (counted?.attempts ?? otpMaxAttempts)
  if (left <= 0) throw codeError(`Wrong code. ${CODE_BURNED}`)
  throw codeError(`Wrong code. ${left} ${left === 1 ? 'try' : 'tries'} left.`)
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
        lt(oneTimeCodes.attempts, otpMaxAttempts),
        gt(oneTimeCodes.expiresAt, at),
      ),
    )
    .returning({ id: oneTimeCodes.id })
  if (!used) throw codeError(CODE_USED)
}
