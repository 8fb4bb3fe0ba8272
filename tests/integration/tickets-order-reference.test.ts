import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTicketInput } from '~/features/tickets/tickets.schemas'
import { UNKNOWN_ORDER_REFERENCE, createTicket, getTicket } from '~/features/tickets/tickets.server'
import type { AuthContext } from '~/server/auth/session.server'
import type { Db } from '~/server/db/client.server'
import { tickets } from '~/server/db/schema'
import { parseInput } from '~/server/http/api-errors.server'
import { createSeller, createUser } from '../factories/create'
import { createPendingOrder } from '../factories/orders'
import { closeAuthTestDatabase, openAuthTestDatabase } from './auth-fixtures'
import { authOf, errorOf, tempStorage, ticketInput } from './tickets-fixtures'

describe('a ticket’s order reference names one of the caller’s own orders', () => {
  let db: Db
  let buyer: AuthContext
  let other: AuthContext
  let sellerOwner: AuthContext
  let orderNumber: string
  const storage = tempStorage()
  const open = (auth: AuthContext, reference: string) =>
    createTicket(
      db,
      auth,
      parseInput(createTicketInput, { ...ticketInput, order_reference: reference }),
      [],
      storage,
    )

  beforeAll(async () => {
    ;({ db } = await openAuthTestDatabase())
    const buyerRow = await createUser(db)
    const seller = await createSeller(db)
    buyer = await authOf(db, buyerRow.id)
    other = await authOf(db, (await createUser(db)).id)
    sellerOwner = await authOf(db, seller.owner.id)
    orderNumber = (await createPendingOrder(db, { buyer: buyerRow, seller })).number
  })
  afterAll(closeAuthTestDatabase)

  it('stores the order’s number however the buyer typed it', async () => {
    for (const typed of [orderNumber, ` #${orderNumber.toLowerCase()} `, orderNumber.slice(3)]) {
      const ticket = await open(buyer, typed)
      expect((await getTicket(db, buyer, ticket.id)).order_reference).toBe(orderNumber)
    }
  })

  it('the order’s seller may reference it too', async () => {
    const ticket = await open(sellerOwner, orderNumber)
    expect(ticket.order_reference).toBe(orderNumber)
  })

  it('refuses someone else’s order and a made-up number with a 422 on the field, creating nothing', async () => {
    const before = (await db.select().from(tickets)).length
    for (const [auth, reference] of [
      [other, orderNumber],
      [buyer, 'OM-ZZZZZZZZ'],
      [buyer, 'ORD-1042'],
    ] as const) {
      const error = await errorOf(() => open(auth, reference))
      expect(error.status).toBe(422)
      expect(error.fieldErrors).toEqual({ order_reference: [UNKNOWN_ORDER_REFERENCE()] })
    }
    expect((await db.select().from(tickets)).length).toBe(before)
    expect(await db.select().from(tickets).where(eq(tickets.orderReference, 'ORD-1042'))).toEqual([])
  })

  it('no reference is fine', async () => {
    expect((await open(buyer, '')).order_reference).toBeNull()
  })
})
