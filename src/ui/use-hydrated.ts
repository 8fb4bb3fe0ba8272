import { useSyncExternalStore } from 'react'

const noSubscription = () => () => {}

/**
 * False on the server and during hydration, true once the page is live in the browser: for
 * what can only be drawn client-side (charts that measure their box, chunks loaded after
 * hydration) without a hydration mismatch.
 */
export function useHydrated() {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  )
}
