/**
 * The app configured for S3 (S3_* set as an operator would) serves media from the bucket: ticket
 * attachments through their authorised route, public files through /media and /api/image, and
 * nothing lands on the instance's own disk.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3'
import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createTicket, getTicket } from '~/features/tickets/tickets.server'
import { Route as attachmentRoute } from '~/routes/api/tickets/attachments/$id'
import { Route as imageRoute } from '~/routes/api/image'
import { Route as mediaRoute } from '~/routes/media/$'
import type { Db } from '~/server/db/client.server'
import { mediaStorage } from '~/server/db/database.server'
import { ticketAttachments } from '~/server/db/schema'
import { s3Client } from '~/server/providers/storage/s3-storage.server'
import { createUser } from '../factories/create'
import { startLocalS3, type LocalS3 } from '../support/s3-server'
import { apiRequest, closeAuthTestDatabase, openAuthTestDatabase, signInAs } from './auth-fixtures'
import { PNG_BYTES, authOf, ticketInput } from './tickets-fixtures'

type Handler = (ctx: { request: Request; params: Record<string, string> }) => Promise<Response>
const handlerOf = (route: { options: unknown }) =>
  (route.options as { server: { handlers: { GET: Handler } } }).server.handlers.GET
const call = (route: { options: unknown }, request: Request, params: Record<string, string> = {}) =>
  handlerOf(route)({ request, params, context: {}, pathname: new URL(request.url).pathname } as never)

describe('media on S3: the app reads and writes the bucket, and keeps private files private', () => {
  let s3: LocalS3
  let dataDir: string
  let db: Db

  beforeAll(async () => {
    s3 = await startLocalS3('omdeh-app')
    dataDir = mkdtempSync(join(tmpdir(), 'omdeh-s3-app-'))
    // Before anything reads the configuration: this file's process is configured for S3.
    for (const [name, value] of Object.entries({ ...s3.env, DATA_DIR: dataDir })) vi.stubEnv(name, value)
    ;({ db } = await openAuthTestDatabase())
  })
  afterAll(async () => {
    await closeAuthTestDatabase()
    await s3.close()
    rmSync(dataDir, { recursive: true, force: true })
    vi.unstubAllEnvs()
  })

  const objectText = async (key: string) => {
    const object = await s3Client(s3.config).send(new GetObjectCommand({ Bucket: 'omdeh-app', Key: key }))
    return object.Body!.transformToByteArray()
  }

  it('stores a ticket attachment in the bucket and serves it to its owner by the attachment route', async () => {
    const owner = await createUser(db)
    const ticket = await createTicket(
      db,
      await authOf(db, owner.id),
      ticketInput,
      [{ name: 'damaged-carton.png', bytes: PNG_BYTES }],
      mediaStorage(),
    )
    const [row] = await db.select().from(ticketAttachments).where(eq(ticketAttachments.ticketId, ticket.id))
    expect(row!.storageKey).toMatch(/^ticket-attachments\//)
    expect(await objectText(row!.storageKey)).toEqual(PNG_BYTES)
    expect(existsSync(join(dataDir, 'media'))).toBe(false)

    const attachmentId = (await getTicket(db, await authOf(db, owner.id), ticket.id)).messages[0]!
      .attachments[0]!.id
    const path = `/api/tickets/attachments/${attachmentId}`
    const params = { id: String(attachmentId) }
    const session = await signInAs(db, owner.id)
    const download = await call(attachmentRoute, apiRequest(path, { bearer: session.accessToken }), params)
    expect(download.status).toBe(200)
    expect(download.headers.get('content-type')).toBe('image/png')
    expect(download.headers.get('cache-control')).toBe('private, no-store')
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(PNG_BYTES)

    const stranger = await signInAs(db, (await createUser(db)).id)
    expect(
      (await call(attachmentRoute, apiRequest(path, { bearer: stranger.accessToken }), params)).status,
    ).toBe(404)
    expect((await call(attachmentRoute, apiRequest(path), params)).status).toBe(401)
    // Nor is it reachable through the public routes by its key.
    const viaMedia = await call(mediaRoute, apiRequest(`/media/${row!.storageKey}`), {
      _splat: row!.storageKey,
    })
    expect(viaMedia.status).toBe(404)
    const viaImage = await call(imageRoute, apiRequest(`/api/image?src=/media/${row!.storageKey}&w=320`))
    expect(viaImage.status).toBe(403)
  })

  it('serves a public photo another instance put in the bucket through /media', async () => {
    await s3Client(s3.config).send(
      new PutObjectCommand({ Bucket: 'omdeh-app', Key: 'products/green-tea.png', Body: PNG_BYTES }),
    )
    const response = await call(mediaRoute, apiRequest('/media/products/green-tea.png'), {
      _splat: 'products/green-tea.png',
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('image/png')
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(PNG_BYTES)
    const missing = await call(mediaRoute, apiRequest('/media/products/none.png'), {
      _splat: 'products/none.png',
    })
    expect(missing.status).toBe(404)
  })

  it('resizes a photo stored in the bucket through /api/image', async () => {
    const photo = await sharp({
      create: { width: 800, height: 400, channels: 3, background: { r: 20, g: 120, b: 60 } },
    })
      .png()
      .toBuffer()
    await mediaStorage().put('products/wide.png', photo)
    expect(Buffer.compare(Buffer.from(await objectText('products/wide.png')), photo)).toBe(0)
    const response = await call(imageRoute, apiRequest('/api/image?src=/media/products/wide.png&w=320'))
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('image/webp')
    const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata()
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 320, 160])
  })
})
