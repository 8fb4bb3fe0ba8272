import { randomUUID } from 'node:crypto'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { eq } from 'drizzle-orm'
import type { Db } from '~/server/db/client.server'
import { mediaStorage } from '~/server/db/database.server'
import { skus, stockImports } from '~/server/db/schema'
import { SHEET_COLUMNS } from '~/features/imports/import-format'
import { checkImport, startImport } from '~/features/imports/imports.server'
import { changedTables, fingerprint, type Fingerprint } from '../support/db-fingerprint'
import { endpointAccess } from '../support/endpoint-access'
import { apiRoutes, loadSchema, ROOT, serverFunctions, type Endpoint } from '../support/server-endpoints'
import { usingPostgres } from '../support/test-database'
import { refusedFields, validInput, type Samples } from '../support/valid-input'
import {
  apiRequest,
  closeAuthTestDatabase,
  freshIp,
  openAuthTestDatabase,
  signInAs,
  SITE,
  uniquePhone,
} from './auth-fixtures'
import { callApiRoute, callServerFunction, type CallResult, type ExecutableServerFn } from './authz-calls'
import {
  accessClass,
  expectedFor,
  idNounOf,
  RESOURCE_SIDES,
  resourceKindOf,
  ROLES,
  type Expected,
  type Role,
} from './authz-rules'
import { buildWorld, type World } from './authz-world'
import { authOf } from './tickets-fixtures'

/**
 * Issue #13's authorisation matrix: every server function and every API route, discovered from
 * the source (tests/support/server-endpoints.ts), called as each of eight roles (guest, buyer,
 * another buyer, pending seller, observer, another approved seller, approved seller, admin). The
 * expected answer is derived, not listed: the endpoint's access class comes from the guards its
 * code is sure to run (tests/support/endpoint-access.ts), the resources it acts on from the fields
 * it takes, and a rule table keyed by class, role and resource kind (authz-rules.ts) says who
 * passes. A refused call must answer 401/403/404 as the rules say and change no business row; an
 * allowed call must not be refused (and reach the resource it names); an endpoint that runs no
 * guard and never looks at the caller must answer every role as it answers a guest. An endpoint
 * whose class cannot be derived fails here with what to do about it.
 *
 * Why in-process rather than over HTTP against a production build: the matrix must check the
 * database after every refused call on PGlite (one process per data folder) and run in vitest on
 * PostgreSQL, and an HTTP run can do neither. In-process stays faithful where authorisation lives:
 * server functions run through Start's own middleware chain (the app's global `serverFnErrors`,
 * then `authContext` / `signedIn`, the validator and the handler) inside Start's request scope,
 * after the request middleware of src/start.ts, with a real Request carrying the role's session
 * cookie; API routes run their handlers with a bearer token, as API clients call them (how, and
 * what differs from HTTP, is in authz-calls.ts). Guards and operations are the real ones.
 *
 * `AUTHZ_MATRIX_LOG=1` prints every case (endpoint, role, expected outcome, status).
 */

vi.mock('@tanstack/react-start', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@tanstack/react-start')>()
  const { withServerImplementations } = await import('../support/server-fn-implementations')
  return { ...actual, createServerFn: withServerImplementations(actual.createServerFn) }
})

const dataDirBefore = process.env.DATA_DIR
// Uploads (ticket attachments, imports) go to a folder of this run, not the repository's data/.
process.env.DATA_DIR = mkdtempSync(join(tmpdir(), 'omdeh-authz-'))

const ENDPOINTS: Endpoint[] = [...serverFunctions(), ...apiRoutes()]
const label = (e: Endpoint) =>
  e.kind === 'serverFn' ? `${e.exportName} (${e.file})` : `${e.method} ${e.path}`

/** Samples for fields whose format a generic value cannot meet, by field name (never by endpoint). */
const samples = (world: World): Samples => ({
  phone: uniquePhone,
  cellphone: uniquePhone,
  receiver_phone: uniquePhone,
  contact: uniquePhone,
  postal_code: () => '1234567890',
  // A store's city must be one of Iran's listed cities; addresses and applications take it too.
  city: () => 'Tehran',
  code: () => '000000',
  new_password: () => 'authz-Password-2026',
  legal_id: () => '1234567890',
  // Credit applications: a national code whose check digit is right, and an economic code.
  nationalId: () => '0499370899',
  economicCode: () => '411122223333',
  sheba: () => 'IR820540102680020817909002',
  idempotencyKey: () => `authz-${randomUUID()}`,
  path: () => '/',
  // A request for quotation's needed-by day (issue #40): a day ahead, and a catalogue product.
  needed_by: () => new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10),
  product_slug: () => 'authz-product',
  session: () => world.values.session,
  // Resources named by number (`orderNumber`) must have their format before the world's is put in.
  ...Object.fromEntries(Object.entries(world.numbers).map(([kind, value]) => [`${kind}Number`, () => value])),
})

interface PreparedInput {
  data: unknown
  params: Record<string, string>
  /** The resource kinds the input names (their ids are the world's). */
  resources: string[]
}

/**
 * The world's id for a field that names a resource (a numeric `…_id`/`…Id`, a bare `id`, a route's
 * `$…Id`), or its number (`orderNumber`), recorded in `resources`; undefined for other fields. An
 * id of a kind the matrix does not know fails, so that a new kind of resource gets an owner.
 */
function resourceValue(
  field: string,
  value: unknown,
  idNoun: string | null,
  world: World,
  resources: Set<string>,
) {
  const kind = resourceKindOf(field, idNoun)
  if (!kind) return undefined
  if (/Number$/.test(field)) {
    if (world.numbers[kind] === undefined) return undefined
    resources.add(kind)
    return world.numbers[kind]
  }
  if (field !== 'id' && typeof value !== 'number') return undefined
  if (!(kind in RESOURCE_SIDES) || world.ids[kind] === undefined)
    throw new Error(
      `field "${field}" names a ${kind}, which the matrix does not know: add one to the world ` +
        '(tests/integration/authz-world.ts) and say whose it is in RESOURCE_SIDES (authz-rules.ts)',
    )
  resources.add(kind)
  return world.ids[kind]
}

function withWorldIds(value: unknown, idNoun: string | null, world: World, resources: Set<string>): unknown {
  if (Array.isArray(value)) return value.map((item) => withWorldIds(item, idNoun, world, resources))
  if (!value || typeof value !== 'object' || value instanceof Date) return value
  return Object.fromEntries(
    Object.entries(value).map(([field, item]) => [
      field,
      resourceValue(field, item, idNoun, world, resources) ?? withWorldIds(item, null, world, resources),
    ]),
  )
}

async function prepareInput(endpoint: Endpoint, world: World): Promise<PreparedInput> {
  const schema = await loadSchema(endpoint)
  const resources = new Set<string>()
  const idNoun = idNounOf(endpoint.schemaName, endpoint.kind === 'apiRoute' ? endpoint.path : null)
  let data: unknown
  if (schema) {
    data = withWorldIds(validInput(schema, samples(world)), idNoun, world, resources)
    const refused = refusedFields(schema, data)
    if (refused.length) throw new Error(`the world's ids do not fit the schema: ${refused.join('; ')}`)
  } else if (endpoint.kind === 'serverFn' ? endpoint.hasValidator : endpoint.method !== 'GET') data = {}
  const params: Record<string, string> = {}
  if (endpoint.kind === 'apiRoute') {
    for (const [, param] of endpoint.path.matchAll(/\$(\w+)/g)) {
      const value = resourceValue(param!, 1, idNounOf(null, endpoint.path), world, resources)
      params[param!] = String(value ?? world.values[param!] ?? 'authz')
    }
  }
  return { data, params, resources: [...resources] }
}

/**
 * Multipart input as a browser form sends it: the fields as text (nested values as JSON, as the
 * product form sends them), and a small sheet as `file`.
 */
function asFormData(data: unknown): FormData {
  const form = new FormData()
  for (const [key, value] of Object.entries((data ?? {}) as Record<string, unknown>))
    form.set(key, value !== null && typeof value === 'object' ? JSON.stringify(value) : String(value))
  const sheet = `${SHEET_COLUMNS.map((c) => c.header).join(',')}\n`
  form.set('file', new File([sheet], 'prices.csv', { type: 'text/csv' }))
  return form
}

let db: Db
let world: World
let baseline: Fingerprint
let dirty = false

async function call(endpoint: Endpoint, role: Role, input: PreparedInput): Promise<CallResult> {
  const session = role === 'guest' ? null : await signInAs(db, world.users[role])
  const ip = freshIp()
  const module = (await import(/* @vite-ignore */ join(ROOT, endpoint.file))) as Record<string, unknown>
  if (endpoint.kind === 'serverFn') {
    const headers = new Headers({ 'sec-fetch-site': 'same-origin', 'x-forwarded-for': ip })
    if (endpoint.method === 'POST') headers.set('origin', SITE)
    if (session)
      headers.set('cookie', `access_token=${session.accessToken}; refresh_token=${session.refreshToken}`)
    const request = new Request(`${SITE}${endpoint.url}`, { method: endpoint.method, headers })
    const data = endpoint.payload === 'formData' ? asFormData(input.data) : input.data
    return callServerFunction(module[endpoint.exportName] as ExecutableServerFn, request, data)
  }
  let path = endpoint.path.replace(/\$(\w+)/g, (_, name: string) => encodeURIComponent(input.params[name]!))
  const inQuery = endpoint.method === 'GET' || endpoint.inputIn === 'query'
  if (inQuery && input.data && typeof input.data === 'object')
    path += `?${new URLSearchParams(Object.entries(input.data).map(([k, v]) => [k, String(v)]))}`
  const request = apiRequest(path, {
    method: endpoint.method,
    body: inQuery ? undefined : input.data,
    bearer: session?.accessToken,
    ip,
  })
  const route = module.Route as {
    options: { server: { handlers: Record<string, Parameters<typeof callApiRoute>[0]> } }
  }
  return callApiRoute(route.options.server.handlers[endpoint.method]!, request, input.params)
}

/** Whether a result meets the expectation; the failure says why not. */
function verdict(expected: Expected, result: CallResult, guest: CallResult | undefined): string | null {
  if (result.status >= 500) return `answered ${result.status}`
  if (expected.outcome === 'refused')
    return expected.statuses.includes(result.status) ? null : `expected ${expected.statuses.join(' or ')}`
  if (expected.outcome === 'same-as-guest')
    return guest && result.status !== guest.status ? `expected ${guest.status}, as the guest got` : null
  // A 401 or 403 that names input fields (a wrong one-time code) judges the input, not the caller.
  if ((result.status === 401 || result.status === 403) && result.fields.length === 0)
    return 'expected to be let through'
  if (expected.scoped && result.status === 404) return 'expected to reach its own resource'
  return null
}

/** Refused calls first (the world must be as built when they are checked), the guest first of all. */
const order = (expectations: Record<Role, Expected>) =>
  [...ROLES].sort((a, b) => {
    const rank = (role: Role) => (role === 'guest' ? 0 : expectations[role].outcome === 'refused' ? 1 : 2)
    return rank(a) - rank(b)
  })

describe(`authorisation matrix: every endpoint × every role (${usingPostgres() ? 'PostgreSQL' : 'PGlite'})`, () => {
  beforeAll(async () => {
    ;({ db } = await openAuthTestDatabase())
    world = await buildWorld(db)
    baseline = await fingerprint(db)
  })
  afterAll(async () => {
    await closeAuthTestDatabase()
    if (dataDirBefore === undefined) delete process.env.DATA_DIR
    else process.env.DATA_DIR = dataDirBefore
  })

  it('finds the endpoints and derives an access class for each from its code', () => {
    expect(serverFunctions().length).toBeGreaterThan(80)
    expect(apiRoutes().length).toBeGreaterThan(20)
    const unclassified = ENDPOINTS.map((e) => ({ e, access: accessClass(endpointAccess(e)) }))
      .filter(({ access }) => access.kind === 'unclassified')
      .map(({ e, access }) => `${label(e)}: ${access.kind === 'unclassified' ? access.why : ''}`)
    expect(unclassified, unclassified.join('\n')).toEqual([])
  })

  for (const endpoint of ENDPOINTS) {
    it(label(endpoint), async () => {
      if (dirty) {
        world = await buildWorld(db)
        baseline = await fingerprint(db)
        dirty = false
      }
      const access = accessClass(endpointAccess(endpoint))
      // Prepared once for the expectations and again for each call (fresh phone numbers and keys).
      const input = await prepareInput(endpoint, world)
      const expectations = Object.fromEntries(
        ROLES.map((role) => [role, expectedFor(role, access, input.resources)]),
      ) as Record<Role, Expected>
      const failures: string[] = []
      // Until this endpoint is shown to have left the world as built, the next one gets a new world.
      dirty = true
      let current: Fingerprint | null = baseline
      let guest: CallResult | undefined
      for (const role of order(expectations)) {
        const expected = expectations[role]
        const before = expected.outcome === 'refused' ? (current ?? (await fingerprint(db))) : null
        const result = await call(endpoint, role, await prepareInput(endpoint, world))
        if (role === 'guest') guest = result
        if (process.env.AUTHZ_MATRIX_LOG)
          console.log(
            `AUTHZ ${label(endpoint)} ${role} ${expected.outcome} ${result.status} ${result.detail.slice(0, 80)}`,
          )
        const wrong = verdict(expected, result, guest)
        if (wrong)
          failures.push(
            `${role}: got ${result.status}, ${wrong} (${expected.why}): ${result.detail.slice(0, 160)}`,
          )
        if (before) {
          current = await fingerprint(db)
          const changed = changedTables(before, current)
          if (changed.length)
            failures.push(`${role}: refused with ${result.status} but changed ${changed.join(', ')}`)
        } else current = null
      }
      dirty = changedTables(baseline, current ?? (await fingerprint(db))).length > 0
      expect(
        failures,
        `${label(endpoint)} (input ${JSON.stringify(input.data)?.slice(0, 200)})\n${failures.join('\n')}`,
      ).toEqual([])
    })
  }

  // What the role table cannot see: which import an observer may act on. The world's import is the
  // observer's own stock-only one; the owner's sheet may change prices, so applying it (issue #35)
  // and reverting it are the owner's alone.
  it("observer × the owner's price import: applying and reverting it are refused, the owner applies it", async () => {
    dirty = true
    const [sku] = await db.select().from(skus).where(eq(skus.id, world.ids.sku!))
    const owner = await authOf(db, world.users.seller)
    const sheet = [
      SHEET_COLUMNS.map((c) => c.header).join(','),
      `${sku!.sku},Store,Product,,,,1,990000,0,,`,
    ].join('\n')
    const storage = mediaStorage()
    const { importId } = await startImport(
      db,
      owner,
      { name: 'prices.csv', bytes: Buffer.from(sheet) },
      storage,
    )
    await checkImport(db, importId, storage)
    const endpoint = (name: string) => ENDPOINTS.find((e) => e.kind === 'serverFn' && e.exportName === name)!
    const apply = endpoint('applyImportFn')
    const revert = endpoint('revertImportFn')
    const input = (data: unknown): PreparedInput => ({ data, params: {}, resources: ['import'] })

    const before = await fingerprint(db)
    const refused = await call(apply, 'observer', input({ importId, mode: 'all_or_nothing' }))
    expect(refused.status, refused.detail).toBe(403)
    expect(refused.detail).toContain('Observers can apply only stock imports')
    expect(changedTables(before, await fingerprint(db))).toEqual([])
    const [still] = await db.select().from(stockImports).where(eq(stockImports.id, importId))
    expect(still).toMatchObject({ status: 'checked', appliedBy: null })

    const allowed = await call(apply, 'seller', input({ importId, mode: 'all_or_nothing' }))
    expect(allowed.status, allowed.detail).toBeLessThan(300)
    const [applying] = await db.select().from(stockImports).where(eq(stockImports.id, importId))
    expect(applying).toMatchObject({ status: 'applying', appliedBy: world.users.seller })

    await db.update(stockImports).set({ status: 'applied' }).where(eq(stockImports.id, importId))
    const beforeRevert = await fingerprint(db)
    const notReverted = await call(revert, 'observer', input({ importId }))
    expect(notReverted.status, notReverted.detail).toBe(403)
    expect(changedTables(beforeRevert, await fingerprint(db))).toEqual([])
  })
})
