import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMagazine } from '~/features/magazines/magazines.server'
import { createMagazineInput } from '~/features/magazines/magazines.schemas'
import { createProductWithSku } from '~/features/stores/product-authoring.server'
import { createProductInput, createStoreInput } from '~/features/stores/stores.schemas'
import { createStore } from '~/features/stores/stores.server'
import { createTicket, replyAsOwner } from '~/features/tickets/tickets.server'
import { createTicketInput, replyInput } from '~/features/tickets/tickets.schemas'
import type { AuthContext } from '~/server/auth/session.server'
import type { Db } from '~/server/db/client.server'
import { magazines, products, skus, stores, ticketMessages, tickets } from '~/server/db/schema'
import { parseInput } from '~/server/http/api-errors.server'
import { createCategory } from '../factories/create'
import { usingPostgres } from '../support/test-database'
import { closeAuthTestDatabase, createRoleUsers, openAuthTestDatabase } from './auth-fixtures'
import { authOf, tempStorage, ticketInput } from './tickets-fixtures'

/**
 * Issue #35: a right-to-left override typed into a name ("\u202Egpj.exe" reads as "exe.jpg") is
 * removed at the boundary, as the server functions validate (parseInput with their own schemas),
 * so what is stored and shown later is the plain text. ZWNJ in Persian words stays.
 */
const RLO = '\u202E'
const CONTROLS = /[\u202A-\u202E\u2066-\u2069]/

describe(`text with bidi controls is stored without them (${usingPostgres() ? 'PostgreSQL' : 'PGlite'})`, () => {
  let db: Db
  let owner: AuthContext
  let buyer: AuthContext
  let categoryId: number
  const storage = tempStorage()

  beforeAll(async () => {
    ;({ db } = await openAuthTestDatabase())
    const roles = await createRoleUsers(db)
    owner = await authOf(db, roles.approvedSeller.id)
    buyer = await authOf(db, roles.buyer.id)
    categoryId = (await createCategory(db)).id
  })
  afterAll(closeAuthTestDatabase)

  it('a store, its product and SKU', async () => {
    const store = await createStore(
      db,
      owner,
      parseInput(createStoreInput, {
        name: `Photos ${RLO}gpj.exe`,
        nameFa: `عکس\u200Cها ${RLO}gpj.exe\u2069`,
        slug: `photos-${Date.now().toString(36)}`,
        description: `\u2067Best\u2069 prints ${RLO}fdp.exe`,
        city: 'Tehran',
        pickupAddress: `No. 4 ${RLO}Bazaar St`,
        pickupHours: '9–17',
        status: 'active',
      }),
    )
    const [storeRow] = await db.select().from(stores).where(eq(stores.id, store.id))
    expect(storeRow).toMatchObject({
      name: 'Photos gpj.exe',
      nameFa: 'عکس\u200Cها gpj.exe',
      description: 'Best prints fdp.exe',
      pickupAddress: 'No. 4 Bazaar St',
    })

    const created = await createProductWithSku(
      db,
      owner,
      parseInput(createProductInput, {
        storeId: store.id,
        product: {
          name: `Holiday photo ${RLO}gpj.exe`,
          categoryId,
          brandId: null,
          unit: `${RLO}box`,
          unitFa: `${RLO}جعبه`,
          description: `Printed ${RLO}gpj.exe`,
          attributes: [{ key: `${RLO}Size`, value: `${RLO}A4` }],
        },
        sku: `${RLO}PH-${Date.now().toString(36)}`.toUpperCase(),
        piecesPerPack: 1,
        alwaysAvailable: false,
        stock: 5,
        tiers: [{ unitPrice: 1000, offerPrice: 0, minQuantity: 1 }],
      }),
    )
    const [product] = await db.select().from(products).where(eq(products.id, created.productId))
    expect(product!.name).toBe('Holiday photo gpj.exe')
    expect(product!.description).toBe('Printed gpj.exe')
    expect(JSON.stringify(product)).not.toMatch(CONTROLS)
    const [sku] = await db.select().from(skus).where(eq(skus.id, created.skuId))
    expect(sku!.sku).toMatch(/^PH-/)
    expect(JSON.stringify(sku)).not.toMatch(CONTROLS)
  })

  it('a magazine', async () => {
    const magazine = await createMagazine(
      db,
      owner,
      parseInput(createMagazineInput, {
        title: `Spring ${RLO}gpj.exe`,
        identify: `spring-${Date.now().toString(36)}`,
        description: `Our ${RLO}range`,
        season: `${RLO}Spring 1406`,
        cutoffAt: '',
      }),
    )
    const [row] = await db.select().from(magazines).where(eq(magazines.id, magazine.id))
    expect(row).toMatchObject({ title: 'Spring gpj.exe', description: 'Our range', season: 'Spring 1406' })
  })

  it('a ticket, its first message and a reply', async () => {
    const ticket = await createTicket(
      db,
      buyer,
      parseInput(createTicketInput, {
        ...ticketInput,
        subject: `Invoice ${RLO}gpj.exe is wrong`,
        message: `See ${RLO}gpj.exe attached`,
      }),
      [],
      storage,
    )
    await replyAsOwner(
      db,
      buyer,
      parseInput(replyInput, { ticket_id: ticket.id, message: `\u2066Still\u2069 ${RLO}waiting` }),
      [],
      storage,
    )
    const [row] = await db.select().from(tickets).where(eq(tickets.id, ticket.id))
    expect(row!.subject).toBe('Invoice gpj.exe is wrong')
    const messages = await db
      .select({ body: ticketMessages.body })
      .from(ticketMessages)
      .where(eq(ticketMessages.ticketId, ticket.id))
      .orderBy(ticketMessages.id)
    expect(messages.map((message) => message.body)).toEqual(['See gpj.exe attached', 'Still waiting'])
  })
})
