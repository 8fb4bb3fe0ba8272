import type { QueryClient } from '@tanstack/react-query'
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { constants } from '#app-config'
import { BasketProvider } from '~/features/basket'
import { catalogShellQueries } from '~/features/catalog'
import { ensureCurrentUser } from '~/features/auth'
import { AppRuntime } from '~/features/shell/components/app-runtime'
import { AppToaster } from '~/features/shell/components/app-toaster'
import { DocumentHead, DocumentScripts } from '~/features/shell/components/document-assets'
import { ProgressBar } from '~/features/shell/components/progress-bar'
import { RootError, RootNotFound } from '~/features/shell/components/route-error'
import { RuntimeConfigFromServer } from '~/features/shell/components/runtime-config'
import { shellQueries } from '~/features/shell'
import { LocaleAlternates } from '~/features/shell/components/locale-switch'
import { UiStoreProvider } from '~/ui/ui-store'
import { currentLocale, currentMoneyUnit, textDirection } from '~/lib/i18n'
import { m } from '~/lib/messages'
import appCss from '~/styles.css?url'

export const Route = createRootRouteWithContext<{ queryClient: QueryClient }>()({
  head: () => ({
    meta: [
      { charSet: 'utf-8' },
      { name: 'viewport', content: 'width=device-width, initial-scale=1' },
      { name: 'theme-color', content: '#d99a00' },
      { title: m.catalog_site_title({ brand: constants.brand.name }) },
      { name: 'description', content: m.catalog_site_description({ brand: constants.brand.name }) },
    ],
    links: [
      { rel: 'stylesheet', href: appCss },
      { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
    ],
  }),
  // Who is signed in, before anything renders: the server's first paint already has the header's
  // name and the guards' answer, and the browser starts from the same cached user.
  beforeLoad: async ({ context }) => {
    await ensureCurrentUser(context.queryClient)
  },
  // The header's category menu and the runtime settings: warm on the server, cached afterwards.
  // A failure here must not take every page down; the header then shows no categories.
  loader: async ({ context }) => {
    await Promise.all([
      context.queryClient.ensureQueryData(catalogShellQueries.categoryTree()).catch(() => undefined),
      context.queryClient.ensureQueryData(shellQueries.runtimeConfig()).catch(() => undefined),
    ])
  },
  shellComponent: RootDocument,
  component: Outlet,
  errorComponent: RootError,
  notFoundComponent: RootNotFound,
})

/** The HTML document and what every page shares, error pages included. */
function RootDocument({ children }: { children: ReactNode }) {
  return (
    <html lang={currentLocale()} dir={textDirection()} data-money={currentMoneyUnit()}>
      <head>
        <DocumentHead />
        <LocaleAlternates />
      </head>
      <body className="min-h-screen font-sans antialiased">
        <UiStoreProvider>
          <RuntimeConfigFromServer>
            <BasketProvider>
              <ProgressBar />
              {children}
              <AppToaster />
              <AppRuntime />
            </BasketProvider>
          </RuntimeConfigFromServer>
        </UiStoreProvider>
        <DocumentScripts />
      </body>
    </html>
  )
}
