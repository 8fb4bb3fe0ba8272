import { expect, test, type APIRequestContext, type APIResponse } from './support/test'
import { toJSONAsync } from 'seroval'
import { brokenInputs, fieldsOf, INTERNALS } from '../support/schema-probes'
import {
  apiRoutes,
  loadSchema,
  serverFunctions,
  type ApiRouteEndpoint,
  type ServerFunctionEndpoint,
} from '../support/server-endpoints'
import { signInFresh, type DemoAccountKey } from './support/auth'

/**
 * Issue #12 §2, against the production build over HTTP: every server function and every JSON API
 * route (found from the code by tests/support/server-endpoints.ts) gets a malformed payload, a NUL
 * byte in each string field and out-of-range integers (1e308, 2147483648, -1) in each numeric
 * field. None may answer 500, none may answer 200 with an error inside, a 4xx carries its status
 * on the HTTP response (and the same status inside a server function's serialized error), and no
 * body shows SQL, stack frames or parameters.
 */

test.describe.configure({ timeout: 240_000 })
// Thousands of probes, some of them sign-ins: counted under an address of their own (the test
// server trusts X-Forwarded-For), so the rate limits they use up are not the other specs'.
test.use({ extraHTTPHeaders: { 'x-forwarded-for': '203.0.113.12' } })

const serialized = async (data: unknown) =>
  JSON.stringify(await toJSONAsync(data === undefined ? {} : { data }))

async function callServerFn(
  request: APIRequestContext,
  fn: ServerFunctionEndpoint,
  payload: string,
): Promise<APIResponse> {
  const headers = {
    'x-tsr-serverfn': 'true',
    'content-type': 'application/json',
    origin: test.info().project.use.baseURL!,
  }
  return fn.method === 'GET'
    ? request.get(`${fn.url}?payload=${encodeURIComponent(payload)}`, { headers })
    : request.post(fn.url, { headers, data: payload })
}

/** The status inside a server function's serialized error ({"error": {status, message, …}}). */
function serializedErrorStatus(body: string): number | null {
  if (!body.includes('"k":["error"]')) return null
  const match = /"k":\["status","message","fieldErrors"[^\]]*\],"v":\[\{"t":0,"s":(\d+)\}/.exec(body)
  return match ? Number(match[1]) : -1
}

async function expectContract(response: APIResponse, label: string): Promise<void> {
  const status = response.status()
  const body = await response.text()
  const where = `${label} → ${status} ${body.slice(0, 300)}`
  expect(status, where).toBeLessThan(500)
  expect(body, where).not.toMatch(INTERNALS)
  const inner = serializedErrorStatus(body)
  if (status < 300) expect(inner, `${where}: a 2xx must not carry an error`).toBeNull()
  if (inner !== null) expect(inner, `${where}: the body's status must be the HTTP status`).toBe(status)
}

function routeUrl(route: ApiRouteEndpoint): string {
  return route.path.replace(/\$\w+/g, '1')
}

for (const who of ['buyer', 'admin'] as DemoAccountKey[]) {
  test(`every server function keeps the error contract (signed in as ${who})`, async ({ context }) => {
    await signInFresh(context, who)
    const fns = serverFunctions()
    expect(fns.length).toBeGreaterThan(50)
    let probes = 0
    for (const fn of fns) {
      // A payload that is not JSON, then one that is JSON but no serialized value.
      await expectContract(await callServerFn(context.request, fn, '{not json'), `${fn.exportName} malformed`)
      const notSeroval = await callServerFn(context.request, fn, '{"t":99}')
      expect(notSeroval.status(), `${fn.exportName} undecodable payload`).toBe(400)
      const schema = await loadSchema(fn)
      for (const probe of brokenInputs(fieldsOf(schema))) {
        const response = await callServerFn(context.request, fn, await serialized(probe.input))
        await expectContract(response, `${fn.exportName} ${probe.label}`)
        // The probe breaks a field on purpose: it must be refused, not half-accepted.
        if (probe.mustRefuse)
          expect(response.status(), `${fn.exportName} ${probe.label} must be refused`).toBeGreaterThanOrEqual(
            400,
          )
        probes++
      }
    }
    expect(probes).toBeGreaterThan(50)
  })
}

test('an unknown server function id is a 404 and a malformed payload a 400', async ({ request, baseURL }) => {
  const headers = { 'x-tsr-serverfn': 'true', origin: baseURL! }
  const unknown = await request.get(`/_serverFn/${'0'.repeat(64)}`, { headers })
  expect(unknown.status()).toBe(404)
  const fn = serverFunctions().find((f) => f.exportName === 'searchHelpFn')!
  const malformed = await request.get(`${fn.url}?payload=%7Bbad`, { headers })
  expect(malformed.status()).toBe(400)
  expect(await malformed.json()).toMatchObject({ message: expect.any(String), requestId: expect.any(String) })
})

test('a thrown 429 keeps its status and Retry-After; a NUL in the help search is a 422', async ({
  request,
  baseURL,
}) => {
  const headers = { 'x-tsr-serverfn': 'true', origin: baseURL! }
  const simulate = serverFunctions().find((f) => f.exportName === 'simulateFailure')!
  const limited = await request.get(
    `${simulate.url}?payload=${encodeURIComponent(await serialized({ status: 429 }))}`,
    { headers },
  )
  expect(limited.status()).toBe(429)
  const search = serverFunctions().find((f) => f.exportName === 'searchHelpFn')!
  const nul = await request.get(
    `${search.url}?payload=${encodeURIComponent(await serialized({ q: 'a\u0000b' }))}`,
    { headers },
  )
  expect(nul.status()).toBe(422)
  expect(await nul.text()).toContain('Must not contain NUL characters')
})

test('a rate-limited sign-in over a server function answers 429 with Retry-After', async ({
  request,
  baseURL,
}) => {
  const headers = { 'x-tsr-serverfn': 'true', 'content-type': 'application/json', origin: baseURL! }
  const fn = serverFunctions().find((f) => f.exportName === 'passwordSignInFn')!
  let last: APIResponse | undefined
  for (let i = 0; i < 8; i++) {
    last = await request.post(fn.url, {
      headers,
      data: await serialized({ phone: '09127770001', password: 'wrong-password-1' }),
    })
    if (last.status() === 429) break
  }
  expect(last!.status()).toBe(429)
  expect(Number(last!.headers()['retry-after'])).toBeGreaterThan(0)
})

test('every JSON API route keeps the error contract', async ({ context }) => {
  await signInFresh(context, 'buyer')
  const routes = apiRoutes().filter((r) => r.method !== 'GET' || r.schemaName)
  expect(routes.length).toBeGreaterThan(8)
  for (const route of routes) {
    const url = routeUrl(route)
    const label = `${route.method} ${route.path}`
    if (route.method !== 'GET') {
      const malformed = await context.request.fetch(url, {
        method: route.method,
        headers: { 'content-type': 'application/json', origin: test.info().project.use.baseURL! },
        data: '{not json',
      })
      await expectContract(malformed, `${label} malformed`)
    }
    const schema = await loadSchema(route)
    for (const probe of brokenInputs(fieldsOf(schema))) {
      const response =
        route.inputIn === 'query'
          ? await context.request.get(url, {
              params: Object.fromEntries(Object.entries(probe.input).map(([k, value]) => [k, String(value)])),
            })
          : await context.request.fetch(url, {
              method: route.method,
              headers: { 'content-type': 'application/json', origin: test.info().project.use.baseURL! },
              data: JSON.stringify(probe.input),
            })
      await expectContract(response, `${label} ${probe.label}`)
    }
  }
})
