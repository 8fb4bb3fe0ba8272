import { createIsomorphicFn } from '@tanstack/react-start'
import { lazy, Suspense } from 'react'
import { SiteFooter as RenderedFooter } from './site-footer'

// The footer is below the fold on every page, yet its links, icons, locale and money switches and
// messages (both languages) weighed ~2 KB gzip of every page's first load (issue #21). The server
// renders it in place as before; the browser hydrates the page without its code and hydrates the
// footer when its chunk arrives (React keeps a Suspense boundary's server HTML, and replays a
// click in it, until the boundary's code has loaded). The chunk is requested as soon as the app
// starts, beside hydration rather than before it.
const loadFooter = () => import('./site-footer').then((module) => ({ default: module.SiteFooter }))
// Start's compiler drops the server branch (and so the static import) from the browser's build.
const Footer = createIsomorphicFn()
  .server(() => RenderedFooter)
  .client(() => {
    const loading = loadFooter()
    return lazy(() => loading)
  })()

/** Spec §2 footer, on every page; its code loads beside hydration (see above). */
export function DeferredFooter() {
  return (
    <Suspense fallback={null}>
      <Footer />
    </Suspense>
  )
}
