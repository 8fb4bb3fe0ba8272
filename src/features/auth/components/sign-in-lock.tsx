import { useState } from 'react'
import { constants } from '#app-config'
import type { ApiError } from '~/lib/api-error'
import { ErrorPage } from '~/features/shell/components/error-page'

/**
 * A sign-in step over a rate limit (issue #13 §2, spec §2 "429"): the form gives way to the 429
 * page, whose "Try after N seconds" counts down the server's Retry-After before "Try Again"
 * brings the form back. A resend cooldown is not a lock: its form explains it in place.
 */
export function useSignInLock() {
  const [retryAt, setRetryAt] = useState<number | null>(null)
  return {
    retryAt,
    /** Takes a failed submit; true when it was a lock (the caller shows `SignInLocked`). */
    catchLock(error: ApiError): boolean {
      if (error.status !== 429 || !error.rateLimited) return false
      setRetryAt(Date.now() + (error.retryAfter ?? constants.rateLimitCountdownSeconds) * 1000)
      return true
    },
    clear: () => setRetryAt(null),
  }
}

export function SignInLocked({ retryAt, onRetry }: { retryAt: number; onRetry: () => void }) {
  // Inside the sign-in page, under its own h1.
  return <ErrorPage code={429} retryAt={retryAt} onRetry={onRetry} headingLevel={2} />
}
