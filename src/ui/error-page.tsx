import { Link } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import { constants } from '#app-config'
import { formatNumber } from '~/lib/money'
import { setPageStatus } from '~/lib/response-status'
import { Button } from '~/ui/button'
import { ErrorIllustration } from './error-illustration'
import { m } from '~/lib/messages'

/** Spec §2 error page texts, by status; anything else is "other". */
const TEXTS: Record<number, () => string> = {
  404: m.catalog_error_text_404,
  401: m.catalog_error_text_401,
  403: m.catalog_error_text_403,
  429: m.catalog_error_text_429,
  500: m.catalog_error_text_500,
}

const HINTS: Record<number, () => string> = {
  404: m.catalog_error_hint_404,
  401: m.catalog_error_hint_401,
  403: m.catalog_error_hint_403,
  429: m.catalog_error_hint_429,
  500: m.catalog_error_hint_500,
}

/**
 * Spec §2 "Try after N seconds" then "Try Again". Counts against a deadline rather than ticks, so
 * a throttled background tab still opens the button on time.
 */
function RetryCountdown({ onRetry, retryAt }: { onRetry: () => void; retryAt?: number }) {
  const [deadline] = useState(() => retryAt ?? Date.now() + constants.rateLimitCountdownSeconds * 1000)
  const [left, setLeft] = useState(() => Math.max(0, Math.ceil((deadline - Date.now()) / 1000)))
  useEffect(() => {
    const tick = () => setLeft(Math.max(0, Math.ceil((deadline - Date.now()) / 1000)))
    const timer = setInterval(tick, 1000)
    return () => clearInterval(timer)
  }, [deadline])
  const waiting = left > 0
  return (
    <>
      <Button size="lg" disabled={waiting} onClick={onRetry}>
        {waiting ? m.catalog_error_try_after({ seconds: formatNumber(left) }) : m.catalog_error_try_again()}
      </Button>
      <span className="sr-only" aria-live="polite">
        {waiting ? '' : m.catalog_error_can_retry()}
      </span>
    </>
  )
}

export interface ErrorPageProps {
  code: number
  /** A line naming what failed, e.g. "Page Not Found: /product". */
  detail?: string
  /** The 429 page's Try Again; reloads the page when not given. */
  onRetry?: () => void
  /**
   * When the 429 page's Try Again opens (ms since the epoch); by default 60 s after it first
   * shows. Passed by callers whose page may re-render, so that the countdown does not restart.
   */
  retryAt?: number
  /** 2 when the error shows inside a page that has its own h1 (a locked sign-in form). */
  headingLevel?: 1 | 2
}

/** The error page: heading 'Error {code}', the code's text and image, and its actions. */
export function ErrorPage({ code, detail, onRetry, retryAt, headingLevel = 1 }: ErrorPageProps) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2'
  // During SSR this makes the response carry the status (the router alone knows only 404/500).
  setPageStatus(code)
  const text = (TEXTS[code] ?? m.catalog_error_text_other)()
  const hint = (HINTS[code] ?? m.catalog_error_hint_other)()
  const home = (
    <Button asChild variant={code === 401 || code === 429 ? 'secondary' : 'primary'} size="lg">
      <Link to="/">{m.catalog_error_go_home()}</Link>
    </Button>
  )
  const contact = (
    <Button asChild variant="secondary" size="lg">
      <Link to="/contact">{m.catalog_error_contact()}</Link>
    </Button>
  )
  return (
    <section
      aria-labelledby="error-heading"
      data-error-code={code}
      className="mx-auto flex max-w-2xl flex-col items-center px-4 py-12 text-center sm:py-16"
    >
      <ErrorIllustration code={code} />
      <Heading
        id="error-heading"
        className="mt-6 text-sm font-semibold tracking-widest text-brand-800 uppercase"
      >
        {m.catalog_error_heading({ code: formatNumber(code) })}
      </Heading>
      <p className="mt-3 text-2xl font-bold tracking-tight text-ink sm:text-3xl">{text}</p>
      {detail ? (
        <p dir="auto" className="mt-3 font-mono text-sm break-all text-stone-600">
          {detail}
        </p>
      ) : null}
      <p className="mt-3 max-w-lg text-stone-600">{hint}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {code === 401 ? (
          <>
            <Button asChild size="lg">
              <Link to="/auth">{m.catalog_error_sign_in()}</Link>
            </Button>
            {home}
          </>
        ) : code === 429 ? (
          <>
            <RetryCountdown retryAt={retryAt} onRetry={onRetry ?? (() => window.location.reload())} />
            {home}
          </>
        ) : (
          <>
            {home}
            {contact}
          </>
        )}
      </div>
    </section>
  )
}
