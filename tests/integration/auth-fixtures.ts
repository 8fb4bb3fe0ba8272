/**
 * Shared helpers for the auth integration tests: a migrated database wired into the server code,
 * Requests as a browser or an app would send them, the route handlers, and users in every role.
 */
import { desc, eq } from 'drizzle-orm'
import { createSession, type CreatedSession } from '~/server/auth/session.server'
import { setClock } from '~/server/clock.server'
import type { DatabaseHandle, Db } from '~/server/db/client.server'
// Renamed on import: it is not a React hook, whatever its name says to the hooks linter.
import { closeDatabase, setDatabaseForTesting as installTestDatabase } from '~/server/db/database.server'
import { outboxMessages } from '~/server/db/schema'
import { setCaptchaVerifierForTesting } from '~/server/providers/captcha/captcha.server'
import { setSmsProviderForTesting } from '~/server/providers/sms/outbox.server'
import { createSeller, createUser, uniquePhone } from '../factories/create'
import { createTestDatabase } from '../support/test-database'

// Per-IP limits need a client address; in tests it comes from X-Forwarded-For.
process.env.TRUST_PROXY = '1'

export const SITE = 'http://localhost:3000'

export async function openAuthTestDatabase(): Promise<{ handle: DatabaseHandle; db: Db }> {
  const handle = await createTestDatabase()
  installTestDatabase(handle)
  setCaptchaVerifierForTesting(null)
  setSmsProviderForTesting(null)
  return { handle, db: handle.db }
}

export async function closeAuthTestDatabase(): Promise<void> {
  setClock(null)
  await closeDatabase()
}

let ipCounter = 1
/** A fresh client address, so one test's per-IP counts do not spill into the next. */
export const freshIp = () => `10.${Math.floor(ipCounter / 250) % 250}.${ipCounter++ % 250}.7`

export interface RequestOptions {
  method?: string
  body?: unknown
  cookies?: Record<string, string>
  bearer?: string
  /** Browser Origin header; `null` to send none. Defaults to the site for POSTs. */
  origin?: string | null
  referer?: string
  ip?: string
}

export function apiRequest(path: string, options: RequestOptions = {}): Request {
  const method = options.method ?? (options.body === undefined ? 'GET' : 'POST')
  const headers = new Headers({ accept: 'application/json', 'x-forwarded-for': options.ip ?? '10.250.250.1' })
  if (options.body !== undefined) headers.set('content-type', 'application/json')
  const origin = options.origin === undefined ? (method === 'GET' ? null : SITE) : options.origin
  if (origin) headers.set('origin', origin)
  if (options.referer) headers.set('referer', options.referer)
  if (options.bearer) headers.set('authorization', `Bearer ${options.bearer}`)
  if (options.cookies && Object.keys(options.cookies).length) {
    headers.set(
      'cookie',
      Object.entries(options.cookies)
        .map(([k, v]) => `${k}=${v}`)
        .join('; '),
    )
  }
  return new Request(`${SITE}${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  })
}

type Handler = (ctx: { request: Request }) => Promise<Response>

/** A server route's handler, called the way Start calls it. */
export function routeHandler(route: { options: unknown }, method: 'GET' | 'POST'): Handler {
  const handlers = (route.options as { server?: { handlers?: Record<string, Handler> } }).server?.handlers
  const handler = handlers?.[method]
  if (!handler) throw new Error(`route has no ${method} handler`)
  return (ctx) =>
    handler({ ...ctx, params: {}, context: {}, pathname: new URL(ctx.request.url).pathname } as never)
}

export interface ParsedCookie {
  value: string
  attributes: string[]
  maxAge: number | null
}

/** The Set-Cookie headers of a response by cookie name. */
export function setCookies(response: Response): Record<string, ParsedCookie> {
  const out: Record<string, ParsedCookie> = {}
  for (const header of response.headers.getSetCookie()) {
    const [pair, ...attributes] = header.split(';').map((p) => p.trim())
    const index = pair!.indexOf('=')
    const maxAge = attributes.find((a) => a.toLowerCase().startsWith('max-age='))
    out[pair!.slice(0, index)] = {
      value: decodeURIComponent(pair!.slice(index + 1)),
      attributes,
      maxAge: maxAge ? Number(maxAge.split('=')[1]) : null,
    }
  }
  return out
}

/** The session cookies a browser would now hold after `response`. */
export function sessionCookiesFrom(response: Response): { access_token: string; refresh_token: string } {
  const cookies = setCookies(response)
  const access = cookies.access_token?.value
  const refresh = cookies.refresh_token?.value
  if (!access || !refresh) throw new Error(`no session cookies in the response (${response.status})`)
  return { access_token: access, refresh_token: refresh }
}

/** The latest one-time code texted to `phone`, read from the outbox as a developer would. */
export async function latestCodeFor(db: Db, phone: string): Promise<string> {
  const [message] = await db
    .select({ body: outboxMessages.body })
    .from(outboxMessages)
    .where(eq(outboxMessages.to, phone))
    .orderBy(desc(outboxMessages.id))
    .limit(1)
  const code = /\b(\d{6})\b/.exec(message?.body ?? '')?.[1]
  if (!code) throw new Error(`no code was sent to ${phone}`)
  return code
}

/** A code different from `code`, for wrong guesses. */
export const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0')

export const signInAs = (db: Db, userId: number): Promise<CreatedSession> =>
  createSession(db, userId, { ip: '127.0.0.1', userAgent: 'vitest' })

export interface RoleUsers {
  buyer: { id: number; cellphone: string }
  pendingSeller: { id: number; cellphone: string; sellerId: number }
  approvedSeller: { id: number; cellphone: string; sellerId: number }
  observer: { id: number; cellphone: string; sellerId: number }
  admin: { id: number; cellphone: string }
}

/** One user in each role of spec §6; the observer acts for the approved seller. */
export async function createRoleUsers(db: Db): Promise<RoleUsers> {
  const buyer = await createUser(db)
  const pendingOwner = await createUser(db, { isSeller: true })
  const pending = await createSeller(db, { owner: pendingOwner, status: 'pending' })
  const approvedOwner = await createUser(db, { isSeller: true })
  const approved = await createSeller(db, { owner: approvedOwner, status: 'approved' })
  const observer = await createUser(db, { isObserver: true, pointingSellerId: approved.id })
  const admin = await createUser(db, { isAdmin: true })
  return {
    buyer: { id: buyer.id, cellphone: buyer.cellphone },
    pendingSeller: { id: pendingOwner.id, cellphone: pendingOwner.cellphone, sellerId: pending.id },
    approvedSeller: { id: approvedOwner.id, cellphone: approvedOwner.cellphone, sellerId: approved.id },
    observer: { id: observer.id, cellphone: observer.cellphone, sellerId: approved.id },
    admin: { id: admin.id, cellphone: admin.cellphone },
  }
}

export { uniquePhone }
