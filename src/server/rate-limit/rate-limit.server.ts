import '@tanstack/react-start/server-only'
import { eq, lt, sql } from 'drizzle-orm'
import { now } from '../clock.server'
import type { DbOrTx } from '../db/client.server'
import { rateLimitBuckets } from '../db/schema'
import { RateLimitedError } from '../http/api-errors.server'

export interface RateLimitRule {
  /** Names the limit in keys and logs, e.g. 'otp-request:phone'. */
  name: string
  limit: number
  windowMs: number
  /**
   * Past this many hits in the window (and up to `limit`), the action still goes through, but only
   * after a stricter captcha check (see captchaEscalated): a limit shared by every client (per
   * phone) escalates to the captcha before it refuses, so an attacker cannot cheaply lock the
   * owner out.
   */
  captchaAfter?: number
}

export interface RateLimitResult {
  allowed: boolean
  count: number
  retryAfterSeconds: number
}

const ts = (date: Date) => sql`${date.toISOString()}::timestamptz`

/**
 * Counts one hit against `rule` for `subject` in a fixed window that starts at the first hit.
 * One atomic upsert: concurrent requests on any number of instances each see their own count.
 */
export async function hitRateLimit(
  db: DbOrTx,
  rule: RateLimitRule,
  subject: string,
  /** What this hit counts for, e.g. an upload's bytes against a byte quota. */
  weight = 1,
): Promise<RateLimitResult> {
  const at = now()
  const windowOpenSince = new Date(at.getTime() - rule.windowMs)
  const current = sql`rate_limit_buckets.window_start > ${ts(windowOpenSince)}`
  const [row] = await db
    .insert(rateLimitBuckets)
    .values({ key: `${rule.name}:${subject}`, windowStart: at, count: weight })
    .onConflictDoUpdate({
      target: rateLimitBuckets.key,
      set: {
        count: sql`case when ${current} then rate_limit_buckets.count + ${weight}::int else ${weight}::int end`,
        windowStart: sql`case when ${current} then rate_limit_buckets.window_start else excluded.window_start end`,
      },
    })
    .returning({ count: rateLimitBuckets.count, windowStart: rateLimitBuckets.windowStart })
  const count = row!.count
  const resetsAt = new Date(row!.windowStart).getTime() + rule.windowMs
  const allowed = count <= rule.limit
  return {
    allowed,
    count,
    retryAfterSeconds: allowed ? 0 : Math.max(1, Math.ceil((resetsAt - at.getTime()) / 1000)),
  }
}

/** Counts a hit on every rule; over any limit throws a 429 (RateLimitedError) with the longest Retry-After. */
export async function enforceRateLimits(
  db: DbOrTx,
  checks: ReadonlyArray<{ rule: RateLimitRule; subject: string; weight?: number }>,
  message?: (retryAfterSeconds: number) => string,
): Promise<void> {
  let retryAfter = 0
  for (const { rule, subject, weight } of checks) {
    const result = await hitRateLimit(db, rule, subject, weight)
    if (!result.allowed) retryAfter = Math.max(retryAfter, result.retryAfterSeconds)
  }
  if (retryAfter > 0) throw new RateLimitedError(retryAfter, message?.(retryAfter))
}

/**
 * Whether any rule with a `captchaAfter` has already reached it in its current window, without
 * counting a hit: the caller then asks for the stricter captcha check before it counts the
 * attempt (a captcha token is single-use, so the level must be known before it is verified).
 */
export async function captchaEscalated(
  db: DbOrTx,
  checks: ReadonlyArray<{ rule: RateLimitRule; subject: string }>,
): Promise<boolean> {
  for (const { rule, subject } of checks) {
    if (rule.captchaAfter === undefined) continue
    const [row] = await db
      .select({ count: rateLimitBuckets.count, windowStart: rateLimitBuckets.windowStart })
      .from(rateLimitBuckets)
      .where(eq(rateLimitBuckets.key, `${rule.name}:${subject}`))
    if (!row) continue
    const open = new Date(row.windowStart).getTime() + rule.windowMs > now().getTime()
    if (open && row.count >= rule.captchaAfter) return true
  }
  return false
}

/**
 * The seconds until the next hit on `checks` could be allowed (0: it would be now), without
 * counting one: for a locked page asking whether its lock still holds.
 */
export async function rateLimitWait(
  db: DbOrTx,
  checks: ReadonlyArray<{ rule: RateLimitRule; subject: string }>,
): Promise<number> {
  let wait = 0
  const at = now().getTime()
  for (const { rule, subject } of checks) {
    const [row] = await db
      .select({ count: rateLimitBuckets.count, windowStart: rateLimitBuckets.windowStart })
      .from(rateLimitBuckets)
      .where(eq(rateLimitBuckets.key, `${rule.name}:${subject}`))
    if (!row || row.count < rule.limit) continue
    const resetsAt = new Date(row.windowStart).getTime() + rule.windowMs
    if (resetsAt > at) wait = Math.max(wait, Math.ceil((resetsAt - at) / 1000))
  }
  return wait
}

/**
 * Gives one hit back (an attempt that turned out to be the owner's, e.g. a correct password), so
 * that only failures use up the allowance. The hit was counted first, atomically, so concurrent
 * guesses still cannot get past the limit.
 */
export async function refundRateLimit(db: DbOrTx, rule: RateLimitRule, subject: string): Promise<void> {
  await db
    .update(rateLimitBuckets)
    .set({ count: sql`greatest(rate_limit_buckets.count - 1, 0)` })
    .where(sql`${rateLimitBuckets.key} = ${`${rule.name}:${subject}`}`)
}

/** Housekeeping: drops buckets whose window closed long ago. */
export async function pruneRateLimitBuckets(db: DbOrTx, olderThanMs: number): Promise<void> {
  await db
    .delete(rateLimitBuckets)
    .where(lt(rateLimitBuckets.windowStart, new Date(now().getTime() - olderThanMs)))
}
