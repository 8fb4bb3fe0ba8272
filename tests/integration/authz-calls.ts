/**
 * Calls an endpoint in-process the way the production server does, and reports the HTTP status
 * it would answer with.
 *
 * Server functions: inside Start's own request scope (`createServerEntry`, so `getRequest()`,
 * `setResponseStatus()` and cookies work), the app's request scope and server-function call state
 * (as src/server.ts sets them up), the request middleware of src/start.ts (Start's CSRF check, the
 * unknown-id 404), then Start's `__executeServer` inside a Start context holding the app's start
 * options: that runs the global function middleware (`serverFnErrors`, the error contract), the
 * function's own middleware (`authContext`, `signedIn`, …), its validator and its handler, exactly
 * as in production. Only two things differ from an HTTP call: the function is found by reference
 * rather than by its id (Start's id resolver is a virtual module of the build), and the input is
 * passed as a value rather than serialised with seroval (the authorisation does not depend on it).
 * The implementation must be registered with tests/support/server-fn-implementations.ts.
 *
 * API routes: the route's handler with the request, as Start's router calls it, in the same scopes.
 */
import { randomUUID } from 'node:crypto'
import { flattenMiddlewares } from '@tanstack/react-start'
import { createServerEntry, getResponseStatus } from '@tanstack/react-start/server'
import { isNotFound, isRedirect } from '@tanstack/react-router'
import { runWithStartContext } from '@tanstack/start-storage-context'
import { HttpError } from '~/server/http/api-errors.server'
import { serverFnCall, type ServerFnCall } from '~/server/http/error-contract.server'
import { requestScope, rootLogger } from '~/server/log.server'
import { startInstance } from '~/start'

export interface CallResult {
  status: number
  /** The error message, or the start of the body: for failure messages. */
  detail: string
  /** The input fields an error names (`{ errors }` / HttpError field errors): a verdict on the input. */
  fields: string[]
}

export interface ExecutableServerFn {
  method: string
  __executeServer(opts: { data: unknown; method: string }): Promise<{ result?: unknown; error?: unknown }>
}

type RequestMiddleware = {
  options: { server?: (ctx: Record<string, unknown>) => Promise<unknown> }
}

type RouteHandler = (ctx: {
  request: Request
  params: Record<string, string>
  context: Record<string, unknown>
  pathname: string
}) => Promise<Response>

const EXECUTED = Symbol('executed')

function inScopes(request: Request, run: (call: ServerFnCall) => Promise<CallResult>): Promise<CallResult> {
  const entry = createServerEntry({
    fetch: async () => {
      const requestId = randomUUID()
      const call: ServerFnCall = { started: false, handled: false }
      const result = await requestScope.run(
        { requestId, log: rootLogger.child({ requestId }), cspNonce: 'authz' },
        () => serverFnCall.run(call, () => run(call)),
      )
      return Response.json(result)
    },
  })
  return Promise.resolve(entry.fetch(request)).then((response) => response.json() as Promise<CallResult>)
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error))

export function callServerFunction(
  fn: ExecutableServerFn,
  request: Request,
  data: unknown,
): Promise<CallResult> {
  return inScopes(request, async (call) => {
    const startOptions = await startInstance.getOptions()
    const executed = new Set<unknown>()
    const requestMiddleware = flattenMiddlewares(
      (startOptions.requestMiddleware ?? []) as never[],
      undefined,
      executed as never,
    ) as unknown as RequestMiddleware[]
    let context: Record<string, unknown> = {}
    let index = 0
    const terminal = () =>
      runWithStartContext(
        {
          startOptions,
          request,
          executedRequestMiddlewares: executed,
          handlerType: 'serverFn',
          contextAfterGlobalMiddlewares: context,
        } as never,
        async () => ({ [EXECUTED]: await fn.__executeServer({ data, method: fn.method }) }),
      )
    const next = async (nextCtx?: { context?: Record<string, unknown> }): Promise<unknown> => {
      if (nextCtx?.context) context = { ...context, ...nextCtx.context }
      const middleware = requestMiddleware[index++]
      if (!middleware?.options.server) return middleware ? next() : terminal()
      const pathname = new URL(request.url).pathname
      return middleware.options.server({ request, pathname, handlerType: 'serverFn', context, next })
    }
    let outcome: unknown
    try {
      outcome = await next()
    } catch (error) {
      return {
        status: error instanceof HttpError ? error.status : 500,
        detail: messageOf(error),
        fields: fieldsOf(error),
      }
    }
    if (outcome instanceof Response) return fromResponse(outcome)
    const executedResult = (outcome as { [EXECUTED]: { result?: unknown; error?: unknown } })[EXECUTED]
    if ('error' in executedResult) {
      const error = executedResult.error
      if (isRedirect(error)) return { status: error.status, detail: 'redirect', fields: [] }
      if (isNotFound(error)) return { status: 404, detail: 'notFound()', fields: [] }
      const status = call.handled ? getResponseStatus() : 500
      return { status, detail: messageOf(error), fields: fieldsOf(error) }
    }
    const value = executedResult.result
    if (value instanceof Response) return fromResponse(value)
    return { status: getResponseStatus(), detail: JSON.stringify(value ?? null).slice(0, 200), fields: [] }
  })
}

export function callApiRoute(
  handler: RouteHandler,
  request: Request,
  params: Record<string, string>,
): Promise<CallResult> {
  return inScopes(request, async () =>
    fromResponse(await handler({ request, params, context: {}, pathname: new URL(request.url).pathname })),
  )
}

const fieldsOf = (error: unknown) =>
  error instanceof HttpError && error.fieldErrors ? Object.keys(error.fieldErrors) : []

/** Status, the start of a text body and the fields a JSON error names; a file body is read through. */
async function fromResponse(response: Response): Promise<CallResult> {
  const type = response.headers.get('content-type') ?? ''
  if (!/json|text/.test(type)) {
    await response.arrayBuffer()
    return { status: response.status, detail: type, fields: [] }
  }
  const text = await response.text()
  let fields: string[] = []
  try {
    const errors = (JSON.parse(text) as { errors?: Record<string, unknown> }).errors
    fields = errors && typeof errors === 'object' ? Object.keys(errors) : []
  } catch {
    // Not JSON: no fields.
  }
  return { status: response.status, detail: text.slice(0, 200), fields }
}
