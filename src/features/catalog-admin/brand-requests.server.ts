import '@tanstack/react-start/server-only'
import { m } from '~/lib/messages'
import { and, asc, count, eq, gt, or, sql } from 'drizzle-orm'
import { recordAuditEvent } from '~/server/audit/audit.server'
import type { DbOrTx } from '~/server/db/client.server'
import { auditEvents, brands } from '~/server/db/schema'
import { fieldError } from '~/server/http/api-errors.server'
import {
  BRAND_REQUESTS_DAILY_LIMIT,
  BRAND_REQUESTS_PENDING_LIMIT,
  MAX_BRAND_REQUESTS_PER_DAY,
  MAX_PENDING_BRAND_REQUESTS,
  slugFromName,
} from './catalog-admin.schemas'

/**
 * Brands sellers request from the product form (issue #15): the brand exists at once as `pending`,
 * usable on the requesting seller's own products and shown to them as "pending review"; buyers see
 * it only once the admin approves it (the listing joins approved brands only).
 */

export interface BrandRequester {
  sellerId: number
  userId: number
}

/** The brands a seller may put on a product: every approved brand and its own pending requests. */
export async function brandsUsableBy(db: DbOrTx, sellerId: number) {
  return db
    .select({ id: brands.id, name: brands.name, status: brands.status })
    .from(brands)
    .where(or(eq(brands.status, 'approved'), eq(brands.requestedBySellerId, sellerId)))
    .orderBy(asc(brands.name))
}

/** Whether this seller may put the brand on a product (false for another seller's request). */
export async function brandUsableBy(db: DbOrTx, brandId: number, sellerId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: brands.id })
    .from(brands)
    .where(
      and(
        eq(brands.id, brandId),
        or(eq(brands.status, 'approved'), eq(brands.requestedBySellerId, sellerId)),
      ),
    )
  return Boolean(row)
}

/**
 * The brand for a name a seller typed: an existing brand of that name when the seller may use it,
 * else a new pending request, within the limits (pending at once, and per day). `field` names the
 * form field errors land on.
 */
export async function requestBrand(
  tx: DbOrTx,
  requester: BrandRequester,
  name: string,
  field: string,
): Promise<number> {
  const [existing] = await tx
    .select()
    .from(brands)
    .where(sql`lower(${brands.name}) = lower(${name})`)
  if (existing) {
    if (existing.status === 'approved' || existing.requestedBySellerId === requester.sellerId)
      return existing.id
    throw fieldError(field, m.content_err_brand_requested_by_other())
  }
  const [pending] = await tx
    .select({ n: count() })
    .from(brands)
    .where(and(eq(brands.requestedBySellerId, requester.sellerId), eq(brands.status, 'pending')))
  if ((pending?.n ?? 0) >= MAX_PENDING_BRAND_REQUESTS) throw fieldError(field, BRAND_REQUESTS_PENDING_LIMIT())
  const [today] = await tx
    .select({ n: count() })
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.sellerId, requester.sellerId),
        eq(auditEvents.action, 'brand.request'),
        gt(auditEvents.createdAt, sql`now() - interval '24 hours'`),
      ),
    )
  if ((today?.n ?? 0) >= MAX_BRAND_REQUESTS_PER_DAY) throw fieldError(field, BRAND_REQUESTS_DAILY_LIMIT())
  const slug = `${slugFromName(name, 'brand')}-${crypto.randomUUID().slice(0, 6)}`
  const [row] = await tx
    .insert(brands)
    .values({ name, slug, status: 'pending', requestedBySellerId: requester.sellerId })
    .returning()
  await recordAuditEvent(tx, {
    actorUserId: requester.userId,
    sellerId: requester.sellerId,
    action: 'brand.request',
    recordType: 'brand',
    recordId: row!.id,
    after: { name: row!.name, slug: row!.slug, status: row!.status },
  })
  return row!.id
}
