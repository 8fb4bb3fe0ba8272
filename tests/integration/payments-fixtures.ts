/**
 * Shared helpers for the payment integration tests: a signed-in buyer, the callback route called the
 * way Start calls it, and a few reads of what a test checks afterwards.
 */
import { and, eq } from 'drizzle-orm'
import { Route as callbackRoute } from '~/routes/api/payments/callback/$provider'
import { authenticateAccessToken, type AuthContext } from '~/server/auth/session.server'
import type { Db } from '~/server/db/client.server'
import { analyticsEvents, invoices, orderEvents, orders, paymentSessions, skus } from '~/server/db/schema'
import { createUser } from '../factories/create'
import { SITE, signInAs } from './auth-fixtures'

export async function signedInBuyer(db: Db): Promise<AuthContext> {
  const user = await createUser(db)
  const session = await signInAs(db, user.id)
  return (await authenticateAccessToken(db, session.accessToken, 'cookie'))!
}

type Handler = (ctx: { request: Request; params: { provider: string } }) => Promise<Response>

/** GET (or POST a form to) the callback route; `url` is a path with query, or absolute. */
export async function callCallback(
  url: string,
  options: { method?: 'GET' | 'POST'; form?: Record<string, string> } = {},
) {
  const absolute = new URL(url, SITE)
  const provider = absolute.pathname.split('/').pop()!
  const handlers = (callbackRoute.options as unknown as { server: { handlers: Record<string, Handler> } })
    .server.handlers
  const method = options.method ?? 'GET'
  const request = new Request(absolute, {
    method,
    headers: options.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {},
    body: options.form ? new URLSearchParams(options.form).toString() : undefined,
  })
  const response = await handlers[method]!({ request, params: { provider } })
  const location = response.headers.get('location')
  return {
    status: response.status,
    location,
    result: location ? Object.fromEntries(new URL(location, SITE).searchParams) : null,
    text: location ? '' : await response.text(),
  }
}

export const sessionIdFromUrl = (url: string) => decodeURIComponent(url.split('/payment/')[1] ?? '')

export async function orderState(db: Db, orderId: number) {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId))
  const events = await db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId))
  const sessions = await db.select().from(paymentSessions).where(eq(paymentSessions.orderId, orderId))
  const invoiceRows = await db.select().from(invoices).where(eq(invoices.orderId, orderId))
  return { order: order!, events, sessions, invoices: invoiceRows }
}

export async function stockOf(db: Db, skuId: number): Promise<number> {
  const [row] = await db.select({ q: skus.remainingQuantity }).from(skus).where(eq(skus.id, skuId))
  return row!.q
}

export async function eventsNamed(
  db: Db,
  name: string,
  sessionOrOrder: { session_id?: string; order_number?: string },
) {
  const rows = await db
    .select()
    .from(analyticsEvents)
    .where(and(eq(analyticsEvents.name, name), eq(analyticsEvents.visitId, 'server')))
  return rows.filter((r) =>
    Object.entries(sessionOrOrder).every(([k, v]) => (r.props as Record<string, unknown>)[k] === v),
  )
}
