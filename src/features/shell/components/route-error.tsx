import { useLocation, useRouter, type ErrorComponentProps, type NotFoundError } from '@tanstack/react-router'
import { lazy, Suspense, useEffect, useState, type ComponentProps } from 'react'
import { constants } from '#app-config'
import { toApiError } from '~/lib/api-error'
import { reloadAfterChunkError, willReloadForChunkError } from '~/lib/chunk-reload'
import { setPageStatus } from '~/lib/response-status'
import type { NotFoundData } from '~/lib/route-errors'
import { DefaultChrome } from './default-chrome'
import { m } from '~/lib/messages'

/**
 * The error page's texts, picture and actions load when an error is shown (issue #21: with their
 * messages in both languages they were ~2.5 KB gzip of every page's first chunk). What must work
 * even when chunks fail to load (a new deploy: the reload below) and the response status stay here.
 * On the server the chunk is imported before the HTML is sent; in the browser, hydration keeps the
 * server's HTML until it arrives, and a client-side error shows the loading line for that moment.
 */
const LazyErrorPage = lazy(() => import('~/ui/error-page').then((module) => ({ default: module.ErrorPage })))

function ErrorPage(props: ComponentProps<typeof LazyErrorPage>) {
  // During SSR this makes the response carry the status before anything waits for the chunk.
  setPageStatus(props.code)
  return (
    <Suspense
      fallback={
        <p role="status" className="py-24 text-center text-stone-600">
          {m.catalog_progress_loading()}
        </p>
      }
    >
      <LazyErrorPage {...props} />
    </Suspense>
  )
}

/**
 * One countdown per failure: the route's error boundary may re-render (and remount the page) while
 * the same error stands, and the 60 s must not start over each time. A new failure (after Try
 * Again) is a new error object, with its own countdown.
 */
const retryDeadlines = new WeakMap<object, number>()
function retryAtFor(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined
  let deadline = retryDeadlines.get(error)
  if (deadline === undefined) {
    deadline = Date.now() + constants.rateLimitCountdownSeconds * 1000
    retryDeadlines.set(error, deadline)
  }
  return deadline
}

/** The status an error page shows: the API's status when there is one, else 500. */
export function errorStatus(error: unknown): number {
  const status = toApiError(error).status
  return status >= 400 && status <= 599 ? status : 500
}

/**
 * A route's error boundary. A chunk-loading error (a new deploy replaced the old files) reloads
 * the page instead, within the spec's limits; everything else is the error page for its status.
 */
export function RouteError({ error }: ErrorComponentProps) {
  const router = useRouter()
  // Decided once, when the error arrives: the reload itself happens after rendering.
  const [reloading] = useState(() => willReloadForChunkError(error))
  useEffect(() => {
    if (reloading) reloadAfterChunkError(error)
  }, [reloading, error])
  if (reloading) {
    return (
      <p role="status" className="py-24 text-center text-stone-600">
        {m.catalog_error_reloading()}
      </p>
    )
  }
  const code = errorStatus(error)
  return (
    <ErrorPage
      code={code}
      retryAt={code === 429 ? retryAtFor(error) : undefined}
      onRetry={() => void router.invalidate()}
    />
  )
}

/** The 404 page; a URL that failed its route's validation also names the path (spec §8). */
export function NotFoundView({ data }: Partial<Pick<NotFoundError, 'data'>>) {
  const pathname = useLocation({ select: (location) => location.pathname })
  const info = (data ?? {}) as NotFoundData
  const detail =
    info.message ?? (info.invalidUrl ? m.catalog_error_not_found_path({ path: pathname }) : undefined)
  return <ErrorPage code={404} detail={detail} />
}

/** At the root there is no layout around the page: these bring the header and footer. */
export function RootError(props: ErrorComponentProps) {
  return (
    <DefaultChrome>
      <RouteError {...props} />
    </DefaultChrome>
  )
}

export function RootNotFound(props: Partial<Pick<NotFoundError, 'data'>>) {
  return (
    <DefaultChrome>
      <NotFoundView data={props.data} />
    </DefaultChrome>
  )
}
