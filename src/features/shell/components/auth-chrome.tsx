import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { BrandLogo } from './brand-logo'
import { SkipLink } from './default-chrome'
import { DeferredFooter } from './deferred-footer'
import { m } from '~/lib/messages'

/** The auth layout: minimal, the form centred; the footer stays (spec: every page). */
export function AuthChrome({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col bg-gradient-to-b from-brand-50 to-stone-50">
      <SkipLink />
      <header className="mx-auto flex w-full max-w-5xl items-center justify-between px-4 py-5">
        <BrandLogo />
        <Link
          to="/"
          className="rounded-lg px-3 py-2 text-sm font-medium text-stone-700 hover:bg-white hover:text-ink"
        >
          {m.catalog_back_to_shopping()}
        </Link>
      </header>
      <main
        id="main"
        tabIndex={-1}
        className="flex flex-1 items-start justify-center px-4 py-8 outline-none sm:items-center"
      >
        <div className="w-full max-w-md rounded-2xl border border-stone-200 bg-white p-6 shadow-sm sm:p-8">
          {children}
        </div>
      </main>
      <DeferredFooter />
    </div>
  )
}
