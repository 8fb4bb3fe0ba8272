import '@tanstack/react-start/server-only'
import { asc, eq, inArray } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { constants } from '#app-config'
import type { AuthContext } from '~/server/auth/session.server'
import type { DbOrTx } from '~/server/db/client.server'
import { ticketAttachments, ticketMessages, tickets, users } from '~/server/db/schema'
import { notFound } from '~/server/http/api-errors.server'
import type { AdminTicketSummary, TicketSummary, TicketThread } from './tickets.schemas'
import { m } from '~/lib/messages'

export type TicketRow = typeof tickets.$inferSelect

export const TICKET_NOT_FOUND = () => m.account_ticket_not_found()

/**
 * The ticket if the caller may see it: its owner, or an admin. Anyone else gets the same 404 as
 * for a ticket that does not exist, so ids cannot be probed.
 */
export async function loadVisibleTicket(
  db: DbOrTx,
  auth: AuthContext,
  ticketId: number,
  options: { forUpdate?: boolean } = {},
): Promise<TicketRow> {
  const query = db.select().from(tickets).where(eq(tickets.id, ticketId))
  const [row] = options.forUpdate ? await query.for('update') : await query
  if (!row) throw notFound(TICKET_NOT_FOUND())
  if (row.userId !== auth.user.id && !auth.user.is_admin) throw notFound(TICKET_NOT_FOUND())
  return row
}

export function toSummary(row: TicketRow): TicketSummary {
  return {
    id: row.id,
    subject: row.subject,
    department: row.department,
    status: row.status,
    order_reference: row.orderReference,
    source: row.source,
    created_at: row.createdAt.toISOString(),
    last_message_at: row.lastMessageAt.toISOString(),
  }
}

type Person = { firstName: string | null; lastName: string | null; cellphone: string } | null

export const personName = (person: Person, fallback: string) =>
  [person?.firstName, person?.lastName].filter(Boolean).join(' ') || person?.cellphone || fallback

const requester = alias(users, 'requester')
const assignee = alias(users, 'assignee')

export const summaryColumns = {
  ticket: tickets,
  requester: { firstName: requester.firstName, lastName: requester.lastName, cellphone: requester.cellphone },
  assignee: {
    id: assignee.id,
    firstName: assignee.firstName,
    lastName: assignee.lastName,
    cellphone: assignee.cellphone,
  },
}

/** tickets joined with who asked and who handles it; add where/order/limit. */
export function selectAdminSummaries(db: DbOrTx) {
  return db
    .select(summaryColumns)
    .from(tickets)
    .leftJoin(requester, eq(requester.id, tickets.userId))
    .leftJoin(assignee, eq(assignee.id, tickets.assignedAdminId))
}

export function toAdminSummary(row: {
  ticket: TicketRow
  requester: Person
  assignee: (Person & { id: number | null }) | null
}): AdminTicketSummary {
  const assigned = row.assignee?.id ? { id: row.assignee.id, name: personName(row.assignee, 'Admin') } : null
  return {
    ...toSummary(row.ticket),
    requester: row.requester?.cellphone
      ? personName(row.requester, 'Buyer')
      : (row.ticket.contactName ?? 'Guest'),
    assigned_admin: assigned,
  }
}

/** The whole thread in order, with attachment links. Staff names are shown to admins only. */
export async function loadThread(db: DbOrTx, viewer: AuthContext, ticketId: number): Promise<TicketThread> {
  const [head] = await selectAdminSummaries(db).where(eq(tickets.id, ticketId))
  if (!head) throw notFound(TICKET_NOT_FOUND())
  const author = alias(users, 'author')
  const messages = await db
    .select({
      message: ticketMessages,
      author: { firstName: author.firstName, lastName: author.lastName, cellphone: author.cellphone },
    })
    .from(ticketMessages)
    .leftJoin(author, eq(author.id, ticketMessages.authorUserId))
    .where(eq(ticketMessages.ticketId, ticketId))
    .orderBy(asc(ticketMessages.id))
  const files = messages.length
    ? await db
        .select()
        .from(ticketAttachments)
        .where(
          inArray(
            ticketAttachments.messageId,
            messages.map((m) => m.message.id),
          ),
        )
        .orderBy(asc(ticketAttachments.id))
    : []
  const supportName = `${constants.brand.name} support`
  const summary = toAdminSummary(head)
  return {
    ...summary,
    // Which staff member handles it is internal.
    assigned_admin: viewer.user.is_admin ? summary.assigned_admin : null,
    contact: {
      name: head.ticket.contactName,
      phone: head.ticket.contactPhone,
      email: head.ticket.contactEmail,
    },
    messages: messages.map(({ message, author: person }) => ({
      id: message.id,
      author: message.author,
      author_name:
        message.author === 'staff'
          ? viewer.user.is_admin
            ? personName(person?.cellphone ? person : null, supportName)
            : supportName
          : person?.cellphone
            ? personName(person, 'Buyer')
            : (head.ticket.contactName ?? 'Guest'),
      body: message.body,
      created_at: message.createdAt.toISOString(),
      attachments: files
        .filter((file) => file.messageId === message.id)
        .map((file) => ({
          id: file.id,
          file_name: file.fileName,
          content_type: file.contentType,
          size: file.size,
          url: `/api/tickets/attachments/${file.id}`,
        })),
    })),
  }
}
