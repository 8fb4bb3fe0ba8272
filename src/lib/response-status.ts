import { createIsomorphicFn } from '@tanstack/react-start'
import { setResponseStatus } from '@tanstack/react-start/server'

/**
 * Sets the HTTP status of the page being server-rendered. The router itself only knows 200, 404
 * and 500; the error page uses this so that a 429, 401 or 403 page answers with that status.
 * In the browser there is no response to set.
 */
export const setPageStatus = createIsomorphicFn()
  .server((status: number) => {
    try {
      setResponseStatus(status)
    } catch {
      // Outside a request (tests, prerendering): nothing to set.
    }
  })
  .client(() => {})
