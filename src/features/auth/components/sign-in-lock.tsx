import { useState } from 'react'
import { constants } from '#app-config'
import type { ApiError } from '~/lib/api-error'
import { ErrorPage } from '~/ui/error-page'
import { signInLockFn } from '../auth.functions'
import type { SignInLockInput } from '../auth.schemas'

/** The spec's wait before "Try Again" (§2, §4, §9), and never longer than the server's own. */
const countdownFor = (retryAfter: number | undefined) =>
  Math.min(constants.rateLimitCountdownSeconds, retryAfter ?? constants.rateLimitCountdownSeconds)

/**
 * A sign-in step over a rate limit (issue #13 §2, issue #36, spec §2 "429"): the form gives way to
 * the 429 page, whose "Try after N seconds" counts down the spec's 60 seconds (fewer when the
 * server's Retry-After is shorter), whatever the server's lock window. "Try Again" then asks the
 * server, counting no attempt, whether the lock still holds: if it does, the page counts down
 * again; if not, the form comes back. A resend cooldown is not a lock: its form explains it.
 */
export function useSignInLock(step: SignInLockInput['step']) {
  const [retryAt, setRetryAt] = useState<number | null>(null)
  const lockFor = (retryAfter: number | undefined) => setRetryAt(Date.now() + countdownFor(retryAfter) * 1000)
  return {
    retryAt,
    /** Takes a failed submit; true when it was a lock (the caller shows `SignInLocked`). */
    catchLock(error: ApiError): boolean {
      if (error.status !== 429 || !error.rateLimited) return false
      lockFor(error.retryAfter)
      return true
    },
    /** "Try Again": the next countdown while the server still refuses, else the form. */
    async retry(phone: string): Promise<void> {
      try {
        const { retry_after } = await signInLockFn({ data: { step, phone } })
        if (retry_after > 0) lockFor(retry_after)
        else setRetryAt(null)
      } catch {
        // The question failed (offline, …): the form comes back; a locked submit shows this again.
        setRetryAt(null)
      }
    },
  }
}

export function SignInLocked({ retryAt, onRetry }: { retryAt: number; onRetry: () => void }) {
  // Inside the sign-in page, under its own h1. Keyed by the deadline: a new wait starts a new count.
  return <ErrorPage key={retryAt} code={429} retryAt={retryAt} onRetry={onRetry} headingLevel={2} />
}
