import { lazy, type ComponentType } from 'react'

/**
 * The browser's side of a part of the page that hydrates after the rest (issue #21): the server
 * renders the part in place, as always; in the browser its chunk is requested at once, beside
 * hydration instead of before it, and React keeps the part's server HTML inside its `<Suspense>`
 * (and replays a click made in it) until the code has arrived. Pair it with the static component
 * for the server through `createIsomorphicFn`, so the browser's build drops the static import:
 *
 *   const Part = createIsomorphicFn()
 *     .server(() => PartComponent)
 *     .client(() => hydrateLater(() => import('./part').then((module) => module.PartComponent)))()
 *
 * and render `<Suspense fallback={null}><Part /></Suspense>` in the same place on both sides.
 * For parts below the fold or off to the side; the context above them must not change before
 * they hydrate (React would then render them again from scratch, blanking them meanwhile).
 */
export function hydrateLater<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const loading = load().then((component) => ({ default: component }))
  partsLoading.push(loading)
  return lazy(() => loading)
}

const partsLoading: Promise<unknown>[] = []

/**
 * Settles once the code of every part started so far has arrived (or failed) and React has had a
 * moment to hydrate those parts: what the document's "hydrated" mark waits for (AppRuntime).
 */
export async function latePartsSettled(): Promise<void> {
  await Promise.allSettled(partsLoading)
  // React retries a part's boundary in its own task once the code is there.
  await new Promise((resolve) => setTimeout(resolve, 50))
}
