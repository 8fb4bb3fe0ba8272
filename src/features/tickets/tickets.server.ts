import '@tanstack/react-start/server-only'
import { and, count, desc, eq, or, type SQL } from 'drizzle-orm'
import { actingSellerId, requireUser } from '~/server/auth/guards.server'
import type { AuthContext } from '~/server/auth/session.server'
import { now } from '~/server/clock.server'
import type { Db, DbOrTx } from '~/server/db/client.server'
import { orders, ticketAttachments, ticketMessages, tickets } from '~/server/db/schema'
import { conflict, fieldError } from '~/server/http/api-errors.server'
import { log } from '~/server/log.server'
import type { MediaStorage } from '~/server/providers/storage/storage.server'
import { checkAttachments, storeAttachments, type UploadedFile } from './ticket-attachments.server'
import { loadThread, loadVisibleTicket, toSummary } from './ticket-views.server'
import type { MessageAuthor } from '~/lib/ticket-enums'
import type {
  CreateTicketInput,
  MyTicketFilters,
  ReplyInput,
  TicketActionInput,
  TicketPage,
  TicketSummary,
  TicketThread,
} from './tickets.schemas'
import { m } from '~/lib/messages'

/** What a new message needs: who wrote it, the text, and its files already checked and stored. */
export interface NewMessage {
  ticketId: number
  author: MessageAuthor
  authorUserId: number | null
  body: string
  files: Array<{ storageKey: string; fileName: string; contentType: string; bytes: Uint8Array }>
}

export async function insertMessage(tx: DbOrTx, message: NewMessage): Promise<number> {
  const at = now()
  const [row] = await tx
    .insert(ticketMessages)
    .values({
      ticketId: message.ticketId,
      author: message.author,
      authorUserId: message.authorUserId,
      body: message.body,
      createdAt: at,
    })
    .returning({ id: ticketMessages.id })
  if (message.files.length) {
    await tx.insert(ticketAttachments).values(
      message.files.map((file) => ({
        ticketId: message.ticketId,
        messageId: row!.id,
        storageKey: file.storageKey,
        fileName: file.fileName,
        contentType: file.contentType,
        size: file.bytes.byteLength,
        createdAt: at,
      })),
    )
  }
  return row!.id
}

export const UNKNOWN_ORDER_REFERENCE = () => m.account_unknown_order_reference()

/**
 * A ticket's order reference must name one of the caller's orders (as buyer, or as the seller it
 * acts for), so support can open it and nobody can attach a stranger's order. Typed loosely ("#om-
 * 7k2p9qxa", or without the prefix), stored as the order's number.
 */
async function ownOrderNumber(db: DbOrTx, auth: AuthContext, reference: string): Promise<string> {
  const typed = reference.trim().replace(/^#/, '').replace(/\s+/g, '').toUpperCase()
  const number = typed.startsWith('OM-') ? typed : `OM-${typed}`
  const sellerId = actingSellerId(auth)
  const [order] = await db
    .select({ number: orders.number })
    .from(orders)
    .where(
      and(
        eq(orders.number, number),
        sellerId === null
          ? eq(orders.buyerUserId, auth.user.id)
          : or(eq(orders.buyerUserId, auth.user.id), eq(orders.sellerId, sellerId)),
      ),
    )
  if (!order) throw fieldError('order_reference', UNKNOWN_ORDER_REFERENCE())
  return order.number
}

/**
 * /buyer/tickets/create. Files are checked by their bytes and stored before the transaction: if it
 * fails, what is left is an unreferenced file under a random key, never a row without its file.
 */
export async function createTicket(
  db: Db,
  auth: AuthContext | null,
  input: CreateTicketInput,
  uploads: UploadedFile[],
  storage: MediaStorage,
): Promise<TicketSummary> {
  const signedIn = requireUser(auth)
  const { user } = signedIn
  const orderReference = input.order_reference
    ? await ownOrderNumber(db, signedIn, input.order_reference)
    : null
  const files = await storeAttachments(db, user.id, storage, await checkAttachments(uploads))
  const ticket = await db.transaction(async (tx) => {
    const at = now()
    const [row] = await tx
      .insert(tickets)
      .values({
        userId: user.id,
        source: 'panel',
        subject: input.subject,
        department: input.department,
        orderReference,
        status: 'open',
        createdAt: at,
        updatedAt: at,
        lastMessageAt: at,
      })
      .returning()
    await insertMessage(tx, {
      ticketId: row!.id,
      author: 'customer',
      authorUserId: user.id,
      body: input.message,
      files,
    })
    return row!
  })
  log().info({ ticketId: ticket.id, userId: user.id, files: files.length }, 'ticket opened')
  return toSummary(ticket)
}

/** /buyer/tickets: the caller's own tickets, latest activity first. */
export async function listMyTickets(
  db: DbOrTx,
  auth: AuthContext | null,
  filters: MyTicketFilters,
): Promise<TicketPage<TicketSummary>> {
  const { user } = requireUser(auth)
  const conditions: SQL[] = [eq(tickets.userId, user.id)]
  if (filters.status) conditions.push(eq(tickets.status, filters.status))
  const where = and(...conditions)
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(tickets)
      .where(where)
      .orderBy(desc(tickets.lastMessageAt), desc(tickets.id))
      .limit(filters.per_page)
      .offset((filters.page - 1) * filters.per_page),
    db.select({ n: count() }).from(tickets).where(where),
  ])
  return { items: rows.map(toSummary), total: total?.n ?? 0, page: filters.page, per_page: filters.per_page }
}

/** /buyer/tickets/{id}/show and /admin/tickets/{id}: owner or admin only. */
export async function getTicket(
  db: DbOrTx,
  auth: AuthContext | null,
  ticketId: number,
): Promise<TicketThread> {
  const signedIn = requireUser(auth)
  await loadVisibleTicket(db, signedIn, ticketId)
  return loadThread(db, signedIn, ticketId)
}

/**
 * The owner's reply. Status follows the thread: a buyer's message makes the ticket open again
 * (also a closed one: replying is how a buyer says "not solved yet").
 */
export async function replyAsOwner(
  db: Db,
  auth: AuthContext | null,
  input: ReplyInput,
  uploads: UploadedFile[],
  storage: MediaStorage,
): Promise<TicketThread> {
  const signedIn = requireUser(auth)
  const visible = await loadVisibleTicket(db, signedIn, input.ticket_id)
  // Admins answer through the admin operation, which notifies the buyer.
  if (visible.userId !== signedIn.user.id) throw conflict(m.account_answer_from_inbox())
  const files = await storeAttachments(db, signedIn.user.id, storage, await checkAttachments(uploads))
  await db.transaction(async (tx) => {
    const ticket = await loadVisibleTicket(tx, signedIn, input.ticket_id, { forUpdate: true })
    await insertMessage(tx, {
      ticketId: ticket.id,
      author: 'customer',
      authorUserId: signedIn.user.id,
      body: input.message,
      files,
    })
    const at = now()
    await tx
      .update(tickets)
      .set({ status: 'open', closedAt: null, updatedAt: at, lastMessageAt: at })
      .where(eq(tickets.id, ticket.id))
  })
  return loadThread(db, signedIn, input.ticket_id)
}

/** Close or reopen: the owner or an admin. Closing twice or reopening an open ticket is a 409. */
export async function changeTicketStatus(
  db: Db,
  auth: AuthContext | null,
  input: TicketActionInput,
): Promise<TicketThread> {
  const signedIn = requireUser(auth)
  await db.transaction(async (tx) => {
    const ticket = await loadVisibleTicket(tx, signedIn, input.ticket_id, { forUpdate: true })
    const at = now()
    if (input.action === 'close') {
      if (ticket.status === 'closed') throw conflict(m.account_ticket_already_closed())
      await tx
        .update(tickets)
        .set({ status: 'closed', closedAt: at, updatedAt: at })
        .where(eq(tickets.id, ticket.id))
    } else {
      if (ticket.status !== 'closed') throw conflict(m.account_ticket_not_closed())
      await tx
        .update(tickets)
        .set({ status: 'open', closedAt: null, updatedAt: at })
        .where(eq(tickets.id, ticket.id))
    }
  })
  log().info(
    { ticketId: input.ticket_id, action: input.action, userId: signedIn.user.id },
    'ticket status changed',
  )
  return loadThread(db, signedIn, input.ticket_id)
}
