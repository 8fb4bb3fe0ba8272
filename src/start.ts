import { createCsrfMiddleware, createStart } from '@tanstack/react-start'
import { apiErrorSerializationAdapter } from './lib/api-error-serialization'
import { serverFnErrors, unknownServerFnIs404 } from './server/http/server-fn-errors'

/**
 * Start's global options. Declaring them replaces Start's default request middleware, so the
 * same-origin check for server functions is registered here explicitly. Every server function
 * runs inside `serverFnErrors`, the error contract (real HTTP statuses, nothing internal leaks).
 */
export const startInstance = createStart(() => ({
  requestMiddleware: [
    createCsrfMiddleware({ filter: (ctx) => ctx.handlerType === 'serverFn' }),
    unknownServerFnIs404,
  ],
  functionMiddleware: [serverFnErrors],
  serializationAdapters: [apiErrorSerializationAdapter],
}))
