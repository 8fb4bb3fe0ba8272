import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi, type Mock } from 'vitest'
import { ApiError, moduleNotFoundMessage } from '../api-error'
import { createApiClient, type ApiClientDeps } from './api-client'

/**
 * A real HTTP server on 127.0.0.1: each test registers what a path answers, and the server counts
 * the hits, so retries are observed on the wire rather than assumed from ky's options.
 */
type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => void
const routes = new Map<string, Handler>()
const hits = new Map<string, number>()
let seen: IncomingMessage[] = []
let server: Server
let baseUrl: string

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' })
  res.end(JSON.stringify(body))
}

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = ''
    req.on('data', (chunk: Buffer) => (body += chunk.toString()))
    req.on('end', () => {
      const path = new URL(req.url ?? '/', 'http://x').pathname
      hits.set(path, (hits.get(path) ?? 0) + 1)
      seen.push(req)
      const handler = routes.get(`${req.method} ${path}`)
      if (handler) handler(req, res, body)
      else json(res, 599, { message: 'no route' })
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/`
})

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

let toasts: Array<[string, string]>
let deps: ApiClientDeps & {
  reload: Mock<ApiClientDeps['reload']>
  endSession: Mock<ApiClientDeps['endSession']>
}
let cookies: Record<string, string>

beforeEach(() => {
  routes.clear()
  hits.clear()
  seen = []
  toasts = []
  cookies = {}
  deps = {
    baseUrl,
    notify: (type, message) => void toasts.push([type, message]),
    getToken: () => null,
    readCookie: (name) => cookies[name] ?? null,
    // The real refresh call, made against the test server like the browser makes it.
    refreshSession: async () => (await fetch(`${baseUrl}auth/refresh-token`, { method: 'POST' })).ok,
    reload: vi.fn<ApiClientDeps['reload']>(() => true),
    endSession: vi.fn<ApiClientDeps['endSession']>(async () => undefined),
  }
})

const failure = async (promise: Promise<unknown>): Promise<ApiError> => {
  try {
    await promise
  } catch (error) {
    return error as ApiError
  }
  throw new Error('expected the call to fail')
}

describe('API client: retries', () => {
  it('asks again once when a read meets a transient status, and returns the second answer', async () => {
    let calls = 0
    routes.set('GET /api/categories', (_req, res) =>
      ++calls === 1 ? json(res, 503, {}) : json(res, 200, { data: [1] }),
    )
    const api = createApiClient(deps)
    await expect(api.get('categories').json()).resolves.toEqual({ data: [1] })
    expect(hits.get('/api/categories')).toBe(2)
  })

  it.each([408, 409, 425, 429, 500, 502, 503, 504])('retries a GET exactly once on %i', async (status) => {
    routes.set('GET /api/flaky', (_req, res) => json(res, status, { message: `failed with ${status}` }))
    const error = await failure(createApiClient(deps).get('flaky').json())
    expect(hits.get('/api/flaky')).toBe(2)
    expect(error).toBeInstanceOf(ApiError)
    expect(error.status).toBe(status)
  })

  it.each(['post', 'put', 'patch', 'delete'] as const)(
    'never retries a %s (it may already have changed data)',
    async (method) => {
      routes.set(`${method.toUpperCase()} /api/cart/b2b/cart-items`, (_req, res) =>
        json(res, 503, { message: 'busy' }),
      )
      await failure(createApiClient(deps)[method]('cart/b2b/cart-items', { json: { sku: 'A', quantity: 1 } }))
      expect(hits.get('/api/cart/b2b/cart-items')).toBe(1)
    },
  )

  it('does not retry a read that failed for a reason asking again cannot fix', async () => {
    routes.set('GET /api/forbidden', (_req, res) => json(res, 403, { message: 'Not yours' }))
    await failure(createApiClient(deps).get('forbidden'))
    expect(hits.get('/api/forbidden')).toBe(1)
  })

  it('lets a call opt out of retrying (the basket)', async () => {
    routes.set('GET /api/cart/b2b/basket', (_req, res) => json(res, 503, {}))
    await failure(createApiClient(deps).get('cart/b2b/basket', { retry: 0 }))
    expect(hits.get('/api/cart/b2b/basket')).toBe(1)
  })
})

describe('API client: headers', () => {
  it('sends JSON accept and content headers, and the bearer token when one is held', async () => {
    routes.set('POST /api/echo', (_req, res) => json(res, 201, {}))
    const api = createApiClient({ ...deps, getToken: () => 'tok-123' })
    await api.post('echo', { json: { a: 1 } })
    const request = seen.at(-1)!
    expect(request.headers.accept).toBe('application/json')
    expect(request.headers['content-type']).toBe('application/json')
    expect(request.headers.authorization).toBe('Bearer tok-123')
  })

  it('sends no Authorization header without a token', async () => {
    routes.set('GET /api/echo', (_req, res) => json(res, 200, {}))
    await createApiClient(deps).get('echo')
    expect(seen.at(-1)!.headers.authorization).toBeUndefined()
  })
})

describe('API client: toasts', () => {
  it('shows the message of a 200 or 201 as a success toast', async () => {
    routes.set('POST /api/addresses', (_req, res) => json(res, 201, { message: 'Address saved', data: {} }))
    await createApiClient(deps).post('addresses', { json: {} })
    expect(toasts).toEqual([['success', 'Address saved']])
  })

  it('stays quiet when the call is silenced or the answer has no message', async () => {
    routes.set('GET /api/quiet', (_req, res) => json(res, 200, { message: 'Loaded' }))
    routes.set('GET /api/plain', (_req, res) => json(res, 200, { data: [] }))
    const api = createApiClient(deps)
    await api.get('quiet', { context: { silent: true } })
    await api.get('plain')
    expect(toasts).toEqual([])
  })

  it('builds a 422 toast from the errors object: each field’s messages on their own lines', async () => {
    routes.set('POST /api/profile', (_req, res) =>
      json(res, 422, {
        message: 'The given data was invalid.',
        errors: {
          first_name: ['Field is required.'],
          cellphone: ['Must start with +989.', 'Must have 13 characters.'],
        },
      }),
    )
    const error = await failure(createApiClient(deps).post('profile', { json: {} }))
    const expected = 'Field is required.\nMust start with +989.\nMust have 13 characters.'
    expect(toasts).toEqual([['error', expected]])
    expect(error.status).toBe(422)
    expect(error.message).toBe(expected)
    expect(error.fieldErrors).toEqual({
      first_name: ['Field is required.'],
      cellphone: ['Must start with +989.', 'Must have 13 characters.'],
    })
  })

  it('uses the general message of a 422 without an errors object', async () => {
    routes.set('POST /api/profile', (_req, res) => json(res, 422, { message: 'Choose a delivery method.' }))
    await failure(createApiClient(deps).post('profile', { json: {} }))
    expect(toasts).toEqual([['error', 'Choose a delivery method.']])
  })

  it('shows the response message of other failures as an error toast', async () => {
    routes.set('POST /api/tickets', (_req, res) => json(res, 400, { message: 'Tickets are closed today' }))
    await failure(createApiClient(deps).post('tickets', { json: {} }))
    expect(toasts).toEqual([['error', 'Tickets are closed today']])
  })

  it('raises a 404 as "Module Not Found" without a toast', async () => {
    routes.set('GET /api/gone', (_req, res) => json(res, 404, { message: 'No such thing' }))
    const error = await failure(createApiClient(deps).get('gone'))
    expect(error.message).toBe(moduleNotFoundMessage())
    expect(error.status).toBe(404)
    expect(toasts).toEqual([])
  })

  it('reports an unreachable server as a network failure', async () => {
    const api = createApiClient({ ...deps, baseUrl: 'http://127.0.0.1:9/api/' })
    const error = await failure(api.get('anything', { retry: 0 }))
    expect(error.status).toBe(0)
    expect(toasts[0]?.[0]).toBe('error')
  })
})

describe('API client: 401', () => {
  it('refreshes the session, then reloads the page', async () => {
    routes.set('GET /api/buyer/orders', (_req, res) => json(res, 401, { message: 'Unauthenticated' }))
    routes.set('POST /api/auth/refresh-token', (_req, res) => json(res, 200, {}))
    await failure(createApiClient(deps).get('buyer/orders'))
    expect(hits.get('/api/auth/refresh-token')).toBe(1)
    expect(deps.reload).toHaveBeenCalledTimes(1)
    expect(deps.endSession).not.toHaveBeenCalled()
    expect(toasts).toEqual([])
  })

  it('when the refresh fails: clears the session and goes to /auth', async () => {
    routes.set('GET /api/buyer/orders', (_req, res) => json(res, 401, {}))
    routes.set('POST /api/auth/refresh-token', (_req, res) => json(res, 401, {}))
    await failure(createApiClient(deps).get('buyer/orders'))
    expect(deps.reload).not.toHaveBeenCalled()
    expect(deps.endSession).toHaveBeenCalledWith({ redirectToAuth: true })
  })

  it('does not reload again when the reload guard refuses: the session is over instead', async () => {
    routes.set('GET /api/buyer/orders', (_req, res) => json(res, 401, {}))
    routes.set('POST /api/auth/refresh-token', (_req, res) => json(res, 200, {}))
    deps.reload.mockReturnValue(false)
    await failure(createApiClient(deps).get('buyer/orders'))
    expect(deps.endSession).toHaveBeenCalledWith({ redirectToAuth: true })
  })

  it('shares one refresh between calls that fail together', async () => {
    routes.set('GET /api/a', (_req, res) => json(res, 401, {}))
    routes.set('GET /api/b', (_req, res) => json(res, 401, {}))
    routes.set('POST /api/auth/refresh-token', (_req, res) => setTimeout(() => json(res, 200, {}), 50))
    const api = createApiClient(deps)
    await Promise.all([failure(api.get('a')), failure(api.get('b'))])
    expect(hits.get('/api/auth/refresh-token')).toBe(1)
  })

  it('profile fetch: does not refresh when the refresh_expire cookie is set', async () => {
    cookies.refresh_expire = '1'
    routes.set('GET /api/user/profile', (_req, res) => json(res, 401, {}))
    const error = await failure(
      createApiClient(deps).get('user/profile', { context: { profileFetch: true, silent: true } }),
    )
    expect(error.status).toBe(401)
    expect(hits.get('/api/auth/refresh-token')).toBeUndefined()
    expect(deps.endSession).not.toHaveBeenCalled()
  })

  it('profile fetch: refreshes without the cookie, and a failed refresh signs out without leaving the page', async () => {
    routes.set('GET /api/user/profile', (_req, res) => json(res, 401, {}))
    routes.set('POST /api/auth/refresh-token', (_req, res) => json(res, 401, {}))
    await failure(
      createApiClient(deps).get('user/profile', { context: { profileFetch: true, silent: true } }),
    )
    expect(hits.get('/api/auth/refresh-token')).toBe(1)
    expect(deps.endSession).toHaveBeenCalledWith({ redirectToAuth: false })
  })
})
