import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { assignTicketToSelf, listAdminTickets, replyAsAdmin } from '~/features/tickets/tickets-admin.server'
import { adminTicketFilters, createTicketInput, myTicketFilters } from '~/features/tickets/tickets.schemas'
import {
  changeTicketStatus,
  createTicket,
  getTicket,
  listMyTickets,
  replyAsOwner,
} from '~/features/tickets/tickets.server'
import type { AuthContext } from '~/server/auth/session.server'
import type { Db } from '~/server/db/client.server'
import { outboxMessages } from '~/server/db/schema'
import { parseInput } from '~/server/http/api-errors.server'
import { runDueJobs } from '../support/jobs'
import { createUser } from '../factories/create'
import { closeAuthTestDatabase, openAuthTestDatabase } from './auth-fixtures'
import { authOf, statusOf, tempStorage, ticketInput } from './tickets-fixtures'

describe('tickets belong to their buyer; status follows the thread', () => {
  let db: Db
  let buyer: AuthContext
  let other: AuthContext
  let admin: AuthContext
  const storage = tempStorage()
  const open = (auth: AuthContext, subject = ticketInput.subject) =>
    createTicket(db, auth, parseInput(createTicketInput, { ...ticketInput, subject }), [], storage)

  beforeAll(async () => {
    ;({ db } = await openAuthTestDatabase())
    buyer = await authOf(db, (await createUser(db)).id)
    other = await authOf(db, (await createUser(db)).id)
    admin = await authOf(db, (await createUser(db, { isAdmin: true })).id)
  })
  afterAll(closeAuthTestDatabase)

  it('lists only the caller’s own tickets, filtered by status', async () => {
    const mine = await open(buyer, 'Invoice shows the wrong VAT')
    await open(other, 'Someone else’s question')
    const list = await listMyTickets(db, buyer, parseInput(myTicketFilters, {}))
    expect(list.items.map((t) => t.id)).toEqual([mine.id])
    expect(list.items[0]).toMatchObject({
      status: 'open',
      order_reference: null,
      department: 'wholesale',
    })
    const closed = await listMyTickets(db, buyer, parseInput(myTicketFilters, { status: 'closed' }))
    expect(closed.items).toEqual([])
    expect(await statusOf(() => listMyTickets(db, null, parseInput(myTicketFilters, {})))).toBe(401)
  })

  it('hides a ticket from other buyers: read, reply, close and reopen all answer 404', async () => {
    const ticket = await open(buyer)
    expect(await statusOf(() => getTicket(db, other, ticket.id))).toBe(404)
    expect(
      await statusOf(() => replyAsOwner(db, other, { ticket_id: ticket.id, message: 'me too' }, [], storage)),
    ).toBe(404)
    expect(
      await statusOf(() => changeTicketStatus(db, other, { ticket_id: ticket.id, action: 'close' })),
    ).toBe(404)
    expect(await statusOf(() => getTicket(db, null, ticket.id))).toBe(401)
    expect((await getTicket(db, buyer, ticket.id)).messages).toHaveLength(1)
  })

  it('keeps the admin inbox and answers for admins only', async () => {
    const ticket = await open(buyer)
    const filters = parseInput(adminTicketFilters, {})
    expect(await statusOf(() => listAdminTickets(db, buyer, filters))).toBe(403)
    expect(
      await statusOf(() => replyAsAdmin(db, buyer, { ticket_id: ticket.id, message: 'Fixed!' }, [], storage)),
    ).toBe(403)
    expect(await statusOf(() => assignTicketToSelf(db, other, ticket.id))).toBe(403)
  })

  it('goes open → answered (buyer texted) → open on a reply → closed → reopened', async () => {
    const ticket = await open(buyer, 'Pallet of rice arrived wet')
    const inbox = await listAdminTickets(
      db,
      admin,
      parseInput(adminTicketFilters, { status: 'open', q: 'rice' }),
    )
    expect(inbox.items.map((t) => t.id)).toContain(ticket.id)

    const answered = await replyAsAdmin(
      db,
      admin,
      { ticket_id: ticket.id, message: 'Sorry about that: the seller will replace it tomorrow.' },
      [],
      storage,
    )
    expect(answered.status).toBe('answered')
    expect(answered.assigned_admin?.id).toBe(admin.user.id)
    const [sms] = await db.select().from(outboxMessages).where(eq(outboxMessages.to, buyer.user.cellphone))
    expect(sms!.body).toContain(`ticket #${ticket.id}`)
    await runDueJobs()
    const [sent] = await db.select().from(outboxMessages).where(eq(outboxMessages.id, sms!.id))
    expect(sent!.status).toBe('sent')

    const seen = await getTicket(db, buyer, ticket.id)
    expect(seen.messages.map((m) => [m.author, m.author_name])).toEqual([
      ['customer', expect.any(String)],
      ['staff', 'Omdeh support'],
    ])
    // Which admin handles it is internal.
    expect(seen.assigned_admin).toBeNull()

    const reopenedByReply = await replyAsOwner(
      db,
      buyer,
      { ticket_id: ticket.id, message: 'When exactly?' },
      [],
      storage,
    )
    expect(reopenedByReply.status).toBe('open')

    const closed = await changeTicketStatus(db, buyer, { ticket_id: ticket.id, action: 'close' })
    expect(closed.status).toBe('closed')
    expect(
      await statusOf(() => changeTicketStatus(db, buyer, { ticket_id: ticket.id, action: 'close' })),
    ).toBe(409)
    expect(
      await statusOf(() => replyAsAdmin(db, admin, { ticket_id: ticket.id, message: 'x' }, [], storage)),
    ).toBe(409)
    const reopened = await changeTicketStatus(db, buyer, { ticket_id: ticket.id, action: 'reopen' })
    expect(reopened.status).toBe('open')
  })

  it('lets an admin take a ticket and filter the inbox by assignment and department', async () => {
    const ticket = await open(buyer, 'Seller payout question')
    await assignTicketToSelf(db, admin, ticket.id)
    const mine = await listAdminTickets(db, admin, parseInput(adminTicketFilters, { assigned: 'me' }))
    expect(mine.items.map((t) => t.id)).toContain(ticket.id)
    const unassigned = await listAdminTickets(
      db,
      admin,
      parseInput(adminTicketFilters, { assigned: 'unassigned' }),
    )
    expect(unassigned.items.map((t) => t.id)).not.toContain(ticket.id)
    const retail = await listAdminTickets(db, admin, parseInput(adminTicketFilters, { department: 'retail' }))
    expect(retail.items.map((t) => t.id)).not.toContain(ticket.id)
  })
})
