import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  ATTACHMENT_COUNT_MESSAGE,
  ATTACHMENT_SIZE_MESSAGE,
  ATTACHMENT_TYPE_MESSAGE,
} from '~/features/tickets/ticket-attachments.server'
import { attachmentResponse } from '~/features/tickets/ticket-download.server'
import { MAX_ATTACHMENT_BYTES } from '~/features/tickets/tickets.schemas'
import { createTicket, getTicket } from '~/features/tickets/tickets.server'
import type { AuthContext } from '~/server/auth/session.server'
import type { Db } from '~/server/db/client.server'
import { ticketAttachments } from '~/server/db/schema'
import { isPublicMediaKey } from '~/server/providers/storage/storage.server'
import { createUser } from '../factories/create'
import { closeAuthTestDatabase, openAuthTestDatabase } from './auth-fixtures'
import {
  PDF_BYTES,
  PNG_BYTES,
  authOf,
  errorOf,
  executableBytes,
  statusOf,
  tempStorage,
  ticketInput,
} from './tickets-fixtures'

describe('ticket attachments are checked by content and served only to who may see them', () => {
  let db: Db
  let buyer: AuthContext
  const storage = tempStorage()

  beforeAll(async () => {
    ;({ db } = await openAuthTestDatabase())
    buyer = await authOf(db, (await createUser(db)).id)
  })
  afterAll(closeAuthTestDatabase)

  it('accepts a PNG and a PDF, recording the type found in the bytes, not the name', async () => {
    const ticket = await createTicket(
      db,
      buyer,
      ticketInput,
      [
        { name: 'damaged-carton.txt', bytes: PNG_BYTES },
        { name: 'C:\\fakepath\\delivery-note.pdf', bytes: PDF_BYTES },
      ],
      storage,
    )
    const thread = await getTicket(db, buyer, ticket.id)
    expect(thread.messages[0]!.attachments).toEqual([
      expect.objectContaining({ file_name: 'damaged-carton.png', content_type: 'image/png' }),
      expect.objectContaining({ file_name: 'delivery-note.pdf', content_type: 'application/pdf' }),
    ])
    const download = await attachmentResponse(db, buyer, thread.messages[0]!.attachments[1]!.id, storage)
    expect(download.status).toBe(200)
    expect(download.headers.get('content-type')).toBe('application/pdf')
    expect(download.headers.get('x-content-type-options')).toBe('nosniff')
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(PDF_BYTES)
  })

  it('refuses an executable renamed to .pdf or .png, and saves no ticket', async () => {
    const before = await listCount()
    for (const name of ['invoice.pdf', 'photo.png']) {
      const error = await errorOf(() =>
        createTicket(db, buyer, ticketInput, [{ name, bytes: executableBytes() }], storage),
      )
      expect(error.status).toBe(422)
      expect(error.fieldErrors).toEqual({ attachments: [ATTACHMENT_TYPE_MESSAGE()] })
    }
    const html = new TextEncoder().encode('<html><script>alert(1)</script></html>')
    expect(
      (await errorOf(() => createTicket(db, buyer, ticketInput, [{ name: 'a.pdf', bytes: html }], storage)))
        .status,
    ).toBe(422)
    expect(await listCount()).toBe(before)
  })

  it('refuses a file over 5 MB and more than three files', async () => {
    const big = new Uint8Array(MAX_ATTACHMENT_BYTES + 1)
    big.set(PNG_BYTES)
    const tooBig = await errorOf(() =>
      createTicket(db, buyer, ticketInput, [{ name: 'big.png', bytes: big }], storage),
    )
    expect(tooBig.fieldErrors).toEqual({ attachments: [ATTACHMENT_SIZE_MESSAGE()] })
    const four = Array.from({ length: 4 }, (_, i) => ({ name: `p${i}.png`, bytes: PNG_BYTES }))
    const tooMany = await errorOf(() => createTicket(db, buyer, ticketInput, four, storage))
    expect(tooMany.fieldErrors).toEqual({ attachments: [ATTACHMENT_COUNT_MESSAGE()] })
  })

  // Issue #13 §8: a PNG uploaded as poly.html was offered back for download as poly.html.
  it('names a stored file after the type of its bytes, whatever the uploaded name said', async () => {
    const ticket = await createTicket(
      db,
      buyer,
      ticketInput,
      [
        { name: 'poly.html', bytes: PNG_BYTES },
        { name: 'report', bytes: PDF_BYTES },
        { name: 'scan.PNG.exe', bytes: PNG_BYTES },
      ],
      storage,
    )
    const [html, bare, exe] = (await getTicket(db, buyer, ticket.id)).messages[0]!.attachments
    expect([html!.file_name, bare!.file_name, exe!.file_name]).toEqual([
      'poly.png',
      'report.pdf',
      'scan.PNG.png',
    ])
    const download = await attachmentResponse(db, buyer, html!.id, storage)
    expect(download.headers.get('content-type')).toBe('image/png')
    expect(download.headers.get('content-disposition')).toContain('filename="poly.png"')
  })

  it('never serves an attachment through the public /media route', async () => {
    const ticket = await createTicket(db, buyer, ticketInput, [{ name: 'p.png', bytes: PNG_BYTES }], storage)
    const [row] = await db
      .select({ key: ticketAttachments.storageKey })
      .from(ticketAttachments)
      .where(eq(ticketAttachments.messageId, (await getTicket(db, buyer, ticket.id)).messages[0]!.id))
    expect(row!.key).toMatch(/^ticket-attachments\//)
    expect(isPublicMediaKey(row!.key)).toBe(false)
    expect(isPublicMediaKey('products/tea.svg')).toBe(true)
  })

  // Issue #13 §4: one buyer wrote 90 MB of attachments in 9.5 s.
  it('keeps each account to 60 MB and 30 files of uploads an hour, storing nothing over it', async () => {
    const uploader = await authOf(db, (await createUser(db)).id)
    const full = new Uint8Array(MAX_ATTACHMENT_BYTES)
    full.set(PNG_BYTES)
    const three = Array.from({ length: 3 }, (_, i) => ({ name: `carton-${i}.png`, bytes: full }))
    for (let i = 0; i < 4; i++) await createTicket(db, uploader, ticketInput, three, storage)
    const stored = await storedFiles()
    const over = await errorOf(() => createTicket(db, uploader, ticketInput, three, storage))
    expect(over.status).toBe(429)
    expect(over.message).toMatch(
      /^You have uploaded a lot of files recently\. You can upload again in \d+ minutes\.$/,
    )
    expect(Number(over.headers?.['retry-after'])).toBeGreaterThan(3000)
    expect(await storedFiles()).toBe(stored)
    // A ticket without files still goes through, and another account is not held back.
    await createTicket(db, uploader, ticketInput, [], storage)
    const other = await authOf(db, (await createUser(db)).id)
    await createTicket(db, other, ticketInput, three, storage)

    const many = await authOf(db, (await createUser(db)).id)
    const small = Array.from({ length: 3 }, (_, i) => ({ name: `p${i}.png`, bytes: PNG_BYTES }))
    for (let i = 0; i < 10; i++) await createTicket(db, many, ticketInput, small, storage)
    expect((await errorOf(() => createTicket(db, many, ticketInput, small, storage))).status).toBe(429)
  }, 60_000)

  it('serves an attachment to its owner and admins, but not to another buyer or a guest', async () => {
    const ticket = await createTicket(db, buyer, ticketInput, [{ name: 'p.png', bytes: PNG_BYTES }], storage)
    const attachmentId = (await getTicket(db, buyer, ticket.id)).messages[0]!.attachments[0]!.id
    const stranger = await authOf(db, (await createUser(db)).id)
    const admin = await authOf(db, (await createUser(db, { isAdmin: true })).id)
    expect(await statusOf(() => attachmentResponse(db, stranger, attachmentId, storage))).toBe(404)
    expect(await statusOf(() => attachmentResponse(db, null, attachmentId, storage))).toBe(401)
    expect((await attachmentResponse(db, admin, attachmentId, storage)).status).toBe(200)
  })

  const storedFiles = () => db.$count(ticketAttachments)

  async function listCount(): Promise<number> {
    const { listMyTickets } = await import('~/features/tickets/tickets.server')
    return (await listMyTickets(db, buyer, { page: 1, per_page: 100 })).total
  }
})
