import { createCsrfMiddleware, createStart } from '@tanstack/react-start'
import { apiErrorSerializationAdapter } from './lib/api-error-serialization'

/**
 * Start's global options. Declaring them replaces Start's default request middleware, so the
 * same-origin check for server functions is registered here explicitly.
 */
export const startInstance = createStart(() => ({
  requestMiddleware: [createCsrfMiddleware({ filter: (ctx) => ctx.handlerType === 'serverFn' })],
  serializationAdapters: [apiErrorSerializationAdapter],
}))
