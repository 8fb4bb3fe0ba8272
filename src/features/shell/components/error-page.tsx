import { Link } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import { constants } from '#app-config'
import { setPageStatus } from '~/lib/response-status'
import { Button } from '~/ui/button'
import { ErrorIllustration } from './error-illustration'

/** Spec §2 error page texts, by status; anything else is "other". */
const TEXTS: Record<number, string> = {
  404: 'Oops! This page seems to have wandered off',
  401: 'Hold on! You need to sign in first',
  403: 'Sorry! This area is off-limits',
  429: 'Whoa there! Taking a quick breather',
  500: 'Something went wrong on our end',
}
const OTHER = "Oops! We're having some technical difficulties"

const HINTS: Record<number, string> = {
  404: 'The link may be old, or the page may have moved. Try the home page or search for what you need.',
  401: 'Sign in with your mobile number to continue where you left off.',
  403: 'Your account cannot open this page. If you think it should, our support team can help.',
  429: 'We received a lot of requests from you in a short time. Please wait a moment before trying again.',
  500: 'We have been told about it and are on it. Please try again in a little while.',
}
const OTHER_HINT = 'Please try again in a little while. If it keeps happening, contact our support team.'

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
        {waiting ? `Try after ${left} seconds` : 'Try Again'}
      </Button>
      <span className="sr-only" aria-live="polite">
        {waiting ? '' : 'You can try again now.'}
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
  const text = TEXTS[code] ?? OTHER
  const hint = HINTS[code] ?? OTHER_HINT
  const home = (
    <Button asChild variant={code === 401 || code === 429 ? 'secondary' : 'primary'} size="lg">
      <Link to="/">Go to Home</Link>
    </Button>
  )
  const contact = (
    <Button asChild variant="secondary" size="lg">
      <Link to="/contact">Contact Support</Link>
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
        Error {code}
      </Heading>
      <p className="mt-3 text-2xl font-bold tracking-tight text-ink sm:text-3xl">{text}</p>
      {detail ? <p className="mt-3 font-mono text-sm break-all text-stone-600">{detail}</p> : null}
      <p className="mt-3 max-w-lg text-stone-600">{hint}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {code === 401 ? (
          <>
            <Button asChild size="lg">
              <Link to="/auth">Sign In</Link>
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
