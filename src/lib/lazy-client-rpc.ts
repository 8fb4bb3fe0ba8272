/**
 * The browser's stand-in for `@tanstack/react-start/client-rpc` (vite.config.ts points the client
 * build's import of it here; the server build keeps the original).
 *
 * Start's compiler turns every `createServerFn(...)` into `createClientRpc(id)` in the browser, and
 * the real one imports the whole call machinery up front: the fetcher, its frame decoder and
 * seroval's (de)serialiser, about 12 KB gzip that no page needs before it is interactive (the
 * server renders the first paint and hands its data over in the page). This one has the same shape
 * (a function with `url`, `serverFnMeta` and the server-function marker) and fetches the real
 * client, once, on the first call (issue #21).
 */

import { reloadAfterChunkError } from './chunk-reload'

type ClientFn = (...args: unknown[]) => Promise<unknown>

// The marker Start puts on a server function (`TSS_SERVER_FUNCTION` in start-client-core).
const SERVER_FUNCTION = Symbol.for('TSS_SERVER_FUNCTION')

let realClient: Promise<{ createClientRpc: (id: string) => ClientFn }> | undefined
const loadRealClient = () =>
  (realClient ??= import('@tanstack/start-client-core/client-rpc').catch((error: unknown) => {
    // A deploy replaced the files this tab was built with: a fresh page load fixes it.
    realClient = undefined
    reloadAfterChunkError(error)
    throw error
  }))

export function createClientRpc(functionId: string) {
  let real: ClientFn | undefined
  const clientFn = async (...args: unknown[]) => {
    real ??= (await loadRealClient()).createClientRpc(functionId)
    return real(...args)
  }
  return Object.assign(clientFn, {
    url: process.env.TSS_SERVER_FN_BASE + functionId,
    serverFnMeta: { id: functionId },
    [SERVER_FUNCTION]: true,
  })
}
