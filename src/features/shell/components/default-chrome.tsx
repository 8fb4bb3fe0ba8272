import { lazy, Suspense, useState, type ReactNode } from 'react'
import { loadCompareDrawer } from '~/features/compare'
import { useUi, type Drawer } from '~/ui/ui-store'
import { DeferredFooter } from './deferred-footer'
import { SiteHeader } from './site-header'
import { m } from '~/lib/messages'

// Drawers are closed on arrival: their code (and the dialog machinery) loads on first open, which
// keeps it out of every page's first-load JavaScript.
const drawerComponents = {
  mobile: lazy(() => import('./mobile-drawer').then((m) => ({ default: m.MobileDrawer }))),
  cart: lazy(() => import('./cart-drawer').then((m) => ({ default: m.CartDrawer }))),
  compare: lazy(loadCompareDrawer),
  profile: lazy(() => import('./profile-drawer').then((m) => ({ default: m.ProfileDrawer }))),
} satisfies Record<Drawer, unknown>

/** Mounts each drawer the first time it is opened, and keeps it (so closing can animate and refocus). */
function Drawers() {
  const open = useUi((state) => state.openDrawer)
  const [mounted, setMounted] = useState<Drawer[]>([])
  if (open && !mounted.includes(open)) setMounted([...mounted, open])
  return (
    <Suspense fallback={null}>
      {mounted.map((name) => {
        const Component = drawerComponents[name]
        return <Component key={name} />
      })}
    </Suspense>
  )
}

export function SkipLink() {
  return (
    <a
      href="#main"
      className="sr-only z-50 rounded-lg bg-white px-4 py-2 font-medium text-ink shadow focus:not-sr-only focus:fixed focus:start-2 focus:top-2"
    >
      {m.catalog_skip_to_content()}
    </a>
  )
}

/** Header, page, footer and the four drawers: the default layout's frame. */
export function DefaultChrome({
  children,
  variant = 'shop',
}: {
  children: ReactNode
  /** `panel`: the seller and admin panels' header, without the shop's basket, compare and sign-up. */
  variant?: 'shop' | 'panel'
}) {
  return (
    <div className="flex min-h-screen flex-col">
      <SkipLink />
      <SiteHeader variant={variant} />
      <main
        id="main"
        tabIndex={-1}
        className="mx-auto w-full max-w-7xl flex-1 px-3 py-6 outline-none sm:px-4 sm:py-8"
      >
        {children}
      </main>
      <DeferredFooter />
      <Drawers />
    </div>
  )
}
