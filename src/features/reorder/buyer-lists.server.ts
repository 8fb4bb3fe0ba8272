import '@tanstack/react-start/server-only'
import { and, asc, count, desc, eq, sql } from 'drizzle-orm'
import { m } from '~/lib/messages'
import { formatNumber } from '~/lib/money'
import { requireUser } from '~/server/auth/guards.server'
import type { AuthContext } from '~/server/auth/session.server'
import { now } from '~/server/clock.server'
import type { Db, DbOrTx } from '~/server/db/client.server'
import { buyerListLines, buyerLists, cartItems, carts, orderLines, orders, skus } from '~/server/db/schema'
import { HttpError, notFound } from '~/server/http/api-errors.server'
import { lookupCodes, offerFor } from './offer-lookup.server'
import { MAX_LIST_LINES, MAX_LISTS, type ListSummary, type ListView } from './buyer-lists.schemas'

/**
 * Saved lists (issue #41), private to their owner: every read and write names the caller's own
 * list, and another buyer's list answers exactly like a missing one (404).
 */

const LIST_NOT_FOUND = () => m.reorder_list_not_found()

/** The caller's list, locked for the write that follows; 404 for anyone else's. */
async function ownList(tx: DbOrTx, userId: number, listId: number, lock = false) {
  const query = tx
    .select({ id: buyerLists.id, name: buyerLists.name })
    .from(buyerLists)
    .where(and(eq(buyerLists.id, listId), eq(buyerLists.ownerUserId, userId)))
  const [list] = lock ? await query.for('update') : await query
  if (!list) throw notFound(LIST_NOT_FOUND())
  return list
}

const touch = (tx: DbOrTx, listId: number) =>
  tx.update(buyerLists).set({ updatedAt: now() }).where(eq(buyerLists.id, listId))

export async function listLists(db: DbOrTx, auth: AuthContext | null): Promise<ListSummary[]> {
  const { user } = requireUser(auth)
  const rows = await db
    .select({
      id: buyerLists.id,
      name: buyerLists.name,
      updatedAt: buyerLists.updatedAt,
      lineCount: sql<number>`(select count(*)::int from buyer_list_lines l where l.list_id = buyer_lists.id)`,
    })
    .from(buyerLists)
    .where(eq(buyerLists.ownerUserId, user.id))
    .orderBy(desc(buyerLists.updatedAt), desc(buyerLists.id))
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    lineCount: Number(row.lineCount),
    updatedAt: new Date(row.updatedAt).toISOString(),
  }))
}

/** One list with each line's current price for its quantity and stock (batch look-up). */
export async function getList(db: DbOrTx, auth: AuthContext | null, listId: number): Promise<ListView> {
  const { user } = requireUser(auth)
  const list = await ownList(db, user.id, listId)
  const lines = await db
    .select()
    .from(buyerListLines)
    .where(eq(buyerListLines.listId, list.id))
    .orderBy(asc(buyerListLines.position), asc(buyerListLines.id))
  const found = await lookupCodes(
    db,
    lines.map((line) => line.sku),
    now(),
  )
  return {
    id: list.id,
    name: list.name,
    lines: lines.map((line) => {
      const lookup = found.get(line.sku)
      const offer = lookup?.live ? offerFor(lookup, line.quantity) : null
      return {
        sku: line.sku,
        quantity: line.quantity,
        position: line.position,
        offer,
        inStock: Boolean(offer && (offer.alwaysAvailable || offer.stock >= line.quantity)),
      }
    }),
  }
}

async function insertList(
  tx: DbOrTx,
  userId: number,
  name: string,
  lines: readonly { sku: string; quantity: number }[],
): Promise<{ id: number }> {
  const [held] = await tx.select({ n: count() }).from(buyerLists).where(eq(buyerLists.ownerUserId, userId))
  if (Number(held!.n) >= MAX_LISTS)
    throw new HttpError(422, m.reorder_list_too_many({ max: formatNumber(MAX_LISTS) }))
  const at = now()
  const [list] = await tx
    .insert(buyerLists)
    .values({ ownerUserId: userId, name, createdAt: at, updatedAt: at })
    .returning({ id: buyerLists.id })
  const merged = new Map<string, number>()
  for (const line of lines)
    merged.set(line.sku, Math.min((merged.get(line.sku) ?? 0) + line.quantity, 100_000))
  const values = [...merged].slice(0, MAX_LIST_LINES).map(([sku, quantity], position) => ({
    listId: list!.id,
    sku,
    quantity,
    position,
    createdAt: at,
  }))
  if (values.length) await tx.insert(buyerListLines).values(values)
  return { id: list!.id }
}

/** A new list, empty or made from the caller's basket as it is now. */
export async function createList(
  db: Db,
  auth: AuthContext | null,
  input: { name: string; from: 'basket' | 'empty' },
): Promise<{ id: number }> {
  const { user } = requireUser(auth)
  return db.transaction(async (tx) => {
    const lines =
      input.from === 'basket'
        ? await tx
            .select({ sku: skus.sku, quantity: cartItems.quantity })
            .from(cartItems)
            .innerJoin(carts, eq(carts.id, cartItems.cartId))
            .innerJoin(skus, eq(skus.id, cartItems.skuId))
            .where(eq(carts.buyerUserId, user.id))
            .orderBy(asc(carts.id), asc(cartItems.id))
        : []
    return insertList(tx, user.id, input.name, lines)
  })
}

/** A new list from one of the caller's orders (its SKUs and quantities). */
export async function createListFromOrder(
  db: Db,
  auth: AuthContext | null,
  input: { name: string; order_id: number },
): Promise<{ id: number }> {
  const { user } = requireUser(auth)
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.id, input.order_id), eq(orders.buyerUserId, user.id)))
    if (!order) throw notFound(m.reorder_order_not_found())
    const lines = await tx
      .select({ sku: orderLines.sku, quantity: orderLines.quantity })
      .from(orderLines)
      .where(eq(orderLines.orderId, order.id))
      .orderBy(asc(orderLines.position), asc(orderLines.id))
    return insertList(tx, user.id, input.name, lines)
  })
}

export async function renameList(
  db: Db,
  auth: AuthContext | null,
  input: { listId: number; name: string },
): Promise<{ id: number }> {
  const { user } = requireUser(auth)
  return db.transaction(async (tx) => {
    await ownList(tx, user.id, input.listId, true)
    await tx
      .update(buyerLists)
      .set({ name: input.name, updatedAt: now() })
      .where(eq(buyerLists.id, input.listId))
    return { id: input.listId }
  })
}

export async function deleteList(db: Db, auth: AuthContext | null, listId: number): Promise<{ id: number }> {
  const { user } = requireUser(auth)
  return db.transaction(async (tx) => {
    await ownList(tx, user.id, listId, true)
    await tx.delete(buyerLists).where(eq(buyerLists.id, listId))
    return { id: listId }
  })
}

/** Sets a line's default quantity, adding the SKU at the end when the list does not have it. */
export async function setListLine(
  db: Db,
  auth: AuthContext | null,
  input: { listId: number; sku: string; quantity: number },
): Promise<{ id: number }> {
  const { user } = requireUser(auth)
  return db.transaction(async (tx) => {
    await ownList(tx, user.id, input.listId, true)
    const [stats] = await tx
      .select({ n: count(), last: sql<number>`coalesce(max(${buyerListLines.position}), -1)::int` })
      .from(buyerListLines)
      .where(eq(buyerListLines.listId, input.listId))
    const [existing] = await tx
      .select({ id: buyerListLines.id })
      .from(buyerListLines)
      .where(and(eq(buyerListLines.listId, input.listId), eq(buyerListLines.sku, input.sku)))
    if (existing)
      await tx
        .update(buyerListLines)
        .set({ quantity: input.quantity })
        .where(eq(buyerListLines.id, existing.id))
    else {
      if (Number(stats!.n) >= MAX_LIST_LINES)
        throw new HttpError(422, m.reorder_list_full({ max: formatNumber(MAX_LIST_LINES) }))
      await tx.insert(buyerListLines).values({
        listId: input.listId,
        sku: input.sku,
        quantity: input.quantity,
        position: Number(stats!.last) + 1,
        createdAt: now(),
      })
    }
    await touch(tx, input.listId)
    return { id: input.listId }
  })
}

export async function removeListLine(
  db: Db,
  auth: AuthContext | null,
  input: { listId: number; sku: string },
): Promise<{ id: number }> {
  const { user } = requireUser(auth)
  return db.transaction(async (tx) => {
    await ownList(tx, user.id, input.listId, true)
    const removed = await tx
      .delete(buyerListLines)
      .where(and(eq(buyerListLines.listId, input.listId), eq(buyerListLines.sku, input.sku)))
      .returning({ id: buyerListLines.id })
    // Removing a line that is already gone (a second click, another tab) changes nothing.
    if (removed.length) await touch(tx, input.listId)
    return { id: input.listId }
  })
}

/** Moves a line one place up or down (renumbering the list's positions 0…n-1). */
export async function moveListLine(
  db: Db,
  auth: AuthContext | null,
  input: { listId: number; sku: string; direction: 'up' | 'down' },
): Promise<{ id: number }> {
  const { user } = requireUser(auth)
  return db.transaction(async (tx) => {
    await ownList(tx, user.id, input.listId, true)
    const lines = await tx
      .select({ id: buyerListLines.id, sku: buyerListLines.sku })
      .from(buyerListLines)
      .where(eq(buyerListLines.listId, input.listId))
      .orderBy(asc(buyerListLines.position), asc(buyerListLines.id))
    const from = lines.findIndex((line) => line.sku === input.sku)
    const to = input.direction === 'up' ? from - 1 : from + 1
    // A line no longer on the list, or already first or last, stays where it is.
    if (from < 0 || to < 0 || to >= lines.length) return { id: input.listId }
    const order = [...lines]
    ;[order[from], order[to]] = [order[to]!, order[from]!]
    const cases = sql.join(
      order.map((line, position) => sql`when ${line.id}::int then ${position}::int`),
      sql` `,
    )
    await tx
      .update(buyerListLines)
      .set({ position: sql`case ${buyerListLines.id} ${cases} end` })
      .where(eq(buyerListLines.listId, input.listId))
    await touch(tx, input.listId)
    return { id: input.listId }
  })
}
