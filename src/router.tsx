import { QueryClient } from '@tanstack/react-query'
import { createRouter } from '@tanstack/react-router'
import { setupRouterSsrQueryIntegration } from '@tanstack/react-router-ssr-query'
import { constants } from '#app-config'
import { routeTree } from './routeTree.gen'
import { currentCspNonce } from './lib/csp-nonce'

export function createQueryClient() {
  const { staleMs, retries, retryDelayCapMs, gcMs } = constants.queryCache
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: staleMs,
        gcTime: gcMs,
        retry: retries,
        retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, retryDelayCapMs),
      },
    },
  })
}

export function getRouter() {
  const queryClient = createQueryClient()
  const router = createRouter({
    routeTree,
    context: { queryClient },
    defaultPreload: 'intent',
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
    ssr: { nonce: currentCspNonce() },
  })
  setupRouterSsrQueryIntegration({ router, queryClient })
  return router
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof getRouter>
  }
}
