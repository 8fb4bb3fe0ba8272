import '@tanstack/react-start/server-only'

/**
 * Imported first by the server entries (src/server.ts, src/boot.nitro.ts). A built server is a
 * production server: started without NODE_ENV (`npm run serve`, a bare `node .output/...`) or
 * with another value, it would otherwise run in development mode, with the development CSP, dev
 * adapters without DEMO_MODE and the public session secret (issue #13 §6). `vite dev` and the
 * tests are not built (import.meta.env.DEV), and keep their own NODE_ENV.
 */
export const isBuiltServer = !import.meta.env.DEV
if (isBuiltServer) process.env.NODE_ENV = 'production'
