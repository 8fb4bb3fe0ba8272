import '@tanstack/react-start/server-only'
import { and, count, desc, eq, ilike, isNull, or, sql, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { constants } from '#app-config'
import { requireAdmin } from '~/server/auth/guards.server'
import type { AuthContext } from '~/server/auth/session.server'
import { recordAuditEvent } from '~/server/audit/audit.server'
import { now } from '~/server/clock.server'
import type { Db, DbOrTx } from '~/server/db/client.server'
import { tickets, users } from '~/server/db/schema'
import { conflict } from '~/server/http/api-errors.server'
import { log } from '~/server/log.server'
import { queueMessageToNumber, queueMessageToUser } from '~/server/providers/sms/outbox.server'
import type { MediaStorage } from '~/server/providers/storage/storage.server'
import { checkAttachments, storeAttachments, type UploadedFile } from './ticket-attachments.server'
import {
  loadThread,
  loadVisibleTicket,
  selectAdminSummaries,
  toAdminSummary,
  type TicketRow,
} from './ticket-views.server'
import { insertMessage } from './tickets.server'
import type {
  AdminTicketFilters,
  AdminTicketSummary,
  ReplyInput,
  TicketPage,
  TicketThread,
} from './tickets.schemas'
import { m } from '~/lib/messages'

const requester = alias(users, 'requester')

/** /admin/tickets: every ticket, filtered by status, department, assignment and a search. */
export async function listAdminTickets(
  db: DbOrTx,
  auth: AuthContext | null,
  filters: AdminTicketFilters,
): Promise<TicketPage<AdminTicketSummary>> {
  const admin = requireAdmin(auth)
  const conditions: SQL[] = []
  if (filters.status) conditions.push(eq(tickets.status, filters.status))
  if (filters.department) conditions.push(eq(tickets.department, filters.department))
  if (filters.assigned === 'me') conditions.push(eq(tickets.assignedAdminId, admin.user.id))
  if (filters.assigned === 'unassigned') conditions.push(isNull(tickets.assignedAdminId))
  if (filters.q) {
    const like = `%${filters.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
    const asNumber = /^#?(\d{1,9})$/.exec(filters.q)?.[1]
    conditions.push(
      or(
        ilike(tickets.subject, like),
        ilike(tickets.orderReference, like),
        ilike(tickets.contactName, like),
        ilike(tickets.contactPhone, like),
        ilike(tickets.contactEmail, like),
        sql`exists (select 1 from ${users} where ${users.id} = ${tickets.userId} and ${users.cellphone} ilike ${like})`,
        ...(asNumber ? [eq(tickets.id, Number(asNumber))] : []),
      )!,
    )
  }
  const where = conditions.length ? and(...conditions) : undefined
  // Waiting tickets first: open ones need an answer, answered ones wait on the buyer.
  const statusOrder = sql`case ${tickets.status} when 'open' then 0 when 'answered' then 1 else 2 end`
  const [rows, [total]] = await Promise.all([
    selectAdminSummaries(db)
      .where(where)
      .orderBy(statusOrder, desc(tickets.lastMessageAt), desc(tickets.id))
      .limit(filters.per_page)
      .offset((filters.page - 1) * filters.per_page),
    db
      .select({ n: count() })
      .from(tickets)
      .leftJoin(requester, eq(requester.id, tickets.userId))
      .where(where),
  ])
  return {
    items: rows.map(toAdminSummary),
    total: total?.n ?? 0,
    page: filters.page,
    per_page: filters.per_page,
  }
}

export async function assignTicketToSelf(
  db: Db,
  auth: AuthContext | null,
  ticketId: number,
): Promise<TicketThread> {
  const admin = requireAdmin(auth)
  await db.transaction(async (tx) => {
    const ticket = await loadVisibleTicket(tx, admin, ticketId, { forUpdate: true })
    await tx
      .update(tickets)
      .set({ assignedAdminId: admin.user.id, updatedAt: now() })
      .where(eq(tickets.id, ticketId))
    await recordAuditEvent(tx, {
      actorUserId: admin.user.id,
      action: 'ticket.assign',
      recordType: 'ticket',
      recordId: ticketId,
      before: { assigned_admin_id: ticket.assignedAdminId },
      after: { assigned_admin_id: admin.user.id },
    })
  })
  return loadThread(db, admin, ticketId)
}

/** The text a buyer receives when staff answer (in the scope's language); the answer stays in the panel. */
function answerNotice(ticket: TicketRow): string {
  const words = { brand: constants.brand.name, id: String(ticket.id), subject: ticket.subject }
  return ticket.userId ? m.account_sms_ticket_answer(words) : m.account_sms_contact_answer(words)
}

/**
 * Staff answer: the ticket becomes `answered`, is assigned to the answering admin if nobody had it,
 * and the buyer is told by SMS through the outbox, in the same transaction as the answer.
 */
export async function replyAsAdmin(
  db: Db,
  auth: AuthContext | null,
  input: ReplyInput,
  uploads: UploadedFile[],
  storage: MediaStorage,
): Promise<TicketThread> {
  const admin = requireAdmin(auth)
  const files = await storeAttachments(db, admin.user.id, storage, await checkAttachments(uploads))
  await db.transaction(async (tx) => {
    const ticket = await loadVisibleTicket(tx, admin, input.ticket_id, { forUpdate: true })
    if (ticket.status === 'closed') throw conflict(m.account_ticket_reopen_before_answer())
    await insertMessage(tx, {
      ticketId: ticket.id,
      author: 'staff',
      authorUserId: admin.user.id,
      body: input.message,
      files,
    })
    const at = now()
    await tx
      .update(tickets)
      .set({
        status: 'answered',
        assignedAdminId: ticket.assignedAdminId ?? admin.user.id,
        updatedAt: at,
        lastMessageAt: at,
      })
      .where(eq(tickets.id, ticket.id))
    // A buyer hears in the language they last chose on the site; a contact-form sender in the default.
    if (ticket.userId) await queueMessageToUser(tx, ticket.userId, () => answerNotice(ticket))
    else if (ticket.contactPhone)
      await queueMessageToNumber(tx, ticket.contactPhone, () => answerNotice(ticket))
    await recordAuditEvent(tx, {
      actorUserId: admin.user.id,
      action: 'ticket.reply',
      recordType: 'ticket',
      recordId: ticket.id,
      before: { status: ticket.status, assigned_admin_id: ticket.assignedAdminId },
      after: { status: 'answered', assigned_admin_id: ticket.assignedAdminId ?? admin.user.id },
    })
  })
  log().info({ ticketId: input.ticket_id, adminId: admin.user.id }, 'ticket answered')
  return loadThread(db, admin, input.ticket_id)
}
