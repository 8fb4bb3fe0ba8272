import { createIsomorphicFn } from '@tanstack/react-start'
import { memo, Suspense } from 'react'
import { hydrateLater } from '~/ui/hydrate-later'
import { SiteFooter } from './site-footer'

// The footer is below the fold on every page, yet its links, icons, locale and money switches and
// messages (both languages) weighed ~2 KB gzip of every page's first load (issue #21). The server
// renders it in place; the browser hydrates it when its chunk arrives (see hydrate-later.ts).
const Footer = createIsomorphicFn()
  .server(() => SiteFooter)
  .client(() => hydrateLater(() => import('./site-footer').then((module) => module.SiteFooter)))()

/**
 * Spec §2 footer, on every page; its code loads beside hydration (see above). Memoised: a layout
 * re-rendering before the code has arrived must not hand the boundary new props, which would make
 * React render it again from scratch (blank until the code is there) instead of hydrating it.
 */
export const DeferredFooter = memo(function DeferredFooter() {
  return (
    <Suspense fallback={null}>
      <Footer />
    </Suspense>
  )
})
