import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CONTACT_CAPTCHA_FAILED, submitContactForm } from '~/features/tickets/contact.server'
import { listAdminTickets } from '~/features/tickets/tickets-admin.server'
import { adminTicketFilters, CONTACT_INVALID, contactInput } from '~/features/tickets/tickets.schemas'
import { listMyTickets } from '~/features/tickets/tickets.server'
import type { Db } from '~/server/db/client.server'
import { tickets } from '~/server/db/schema'
import { parseInput } from '~/server/http/api-errors.server'
import type { CaptchaVerifier } from '~/server/providers/captcha/captcha.server'
import { createUser } from '../factories/create'
import { closeAuthTestDatabase, freshIp, openAuthTestDatabase } from './auth-fixtures'
import { authOf, errorOf } from './tickets-fixtures'

const pass: CaptchaVerifier = { verify: async ({ action }) => action === 'contact' }
const fail: CaptchaVerifier = { verify: async () => false }

const message = (contact: string) =>
  parseInput(contactInput, {
    name: 'Sara Ahmadi',
    contact,
    department: 'wholesale',
    subject: 'Wholesale account for my café chain',
    message: 'We run four cafés in Shiraz and want to buy coffee and dairy in bulk. Who do we talk to?',
    captcha_token: 'token',
  })

describe('the contact form creates a ticket, for guests too, within limits', () => {
  let db: Db
  beforeAll(async () => {
    ;({ db } = await openAuthTestDatabase())
  })
  afterAll(closeAuthTestDatabase)

  it('turns a guest’s message into an open ticket the admins see', async () => {
    const { reference } = await submitContactForm(
      db,
      null,
      message('sara@example.com'),
      { ip: freshIp(), userAgent: null },
      pass,
    )
    const [row] = await db.select().from(tickets).where(eq(tickets.id, reference))
    expect(row).toMatchObject({
      userId: null,
      source: 'contact',
      status: 'open',
      contactName: 'Sara Ahmadi',
      contactEmail: 'sara@example.com',
      contactPhone: null,
    })
    const admin = await authOf(db, (await createUser(db, { isAdmin: true })).id)
    const inbox = await listAdminTickets(db, admin, parseInput(adminTicketFilters, { q: 'sara@example' }))
    expect(inbox.items[0]).toMatchObject({ id: reference, requester: 'Sara Ahmadi' })
  })

  it('files a signed-in sender’s message under their tickets', async () => {
    const user = await authOf(db, (await createUser(db)).id)
    const { reference } = await submitContactForm(
      db,
      user,
      message('0912 345 6789'),
      { ip: freshIp(), userAgent: null },
      pass,
    )
    const mine = await listMyTickets(db, user, { page: 1, per_page: 20 })
    expect(mine.items.map((t) => t.id)).toEqual([reference])
  })

  it('refuses a failed captcha and an unusable contact', async () => {
    const error = await errorOf(() =>
      submitContactForm(db, null, message('a@b.co'), { ip: freshIp(), userAgent: null }, fail),
    )
    expect(error.fieldErrors).toEqual({ captcha_token: [CONTACT_CAPTCHA_FAILED()] })
    const bad = await errorOf(async () => message('not a phone'))
    expect(bad.fieldErrors).toEqual({ contact: [CONTACT_INVALID()] })
  })

  it('allows five messages an hour from one address, then answers 429 with Retry-After', async () => {
    const ip = freshIp()
    for (let i = 0; i < 5; i++) {
      await submitContactForm(db, null, message(`buyer${i}@example.com`), { ip, userAgent: null }, pass)
    }
    const error = await errorOf(() =>
      submitContactForm(db, null, message('buyer9@example.com'), { ip, userAgent: null }, pass),
    )
    expect(error.status).toBe(429)
    expect(Number(error.headers?.['retry-after'])).toBeGreaterThan(0)
    // The limit is per sender: someone else is not held up.
    await submitContactForm(db, null, message('other@example.com'), { ip: freshIp(), userAgent: null }, pass)
  })

  it('allows three messages an hour from one contact, whatever address they come from', async () => {
    for (let i = 0; i < 3; i++) {
      await submitContactForm(db, null, message('same@example.com'), { ip: freshIp(), userAgent: null }, pass)
    }
    const error = await errorOf(() =>
      submitContactForm(db, null, message('same@example.com'), { ip: freshIp(), userAgent: null }, pass),
    )
    expect(error.status).toBe(429)
  })
})
