import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAX_UPLOAD_BODY } from '~/features/imports/import-upload.server'
import { getImport } from '~/features/imports/imports.server'
import type { Db } from '~/server/db/client.server'
import { Route as uploadRoute } from '~/routes/api/seller/imports/upload'
import { createSeller } from '../factories/create'
import { SITE, closeAuthTestDatabase, openAuthTestDatabase, routeHandler, signInAs } from './auth-fixtures'
import { IMPORT_HEADER } from './import-fixtures'
import { authOf } from './tickets-fixtures'

/**
 * POST /api/seller/imports/upload over HTTP (issue #17's 200 MB file): an oversized body is refused
 * with a 413 in words before it is read, whether it declares its length or streams on without one.
 */

let db: Db
const upload = routeHandler(uploadRoute, 'POST')
const MB = 1024 * 1024

beforeAll(async () => {
  ;({ db } = await openAuthTestDatabase())
})
afterAll(closeAuthTestDatabase)

/** A body of `total` bytes made on demand, 1 MB at a time, counting what the server pulled. */
function countingBody(total: number) {
  const pulled = { bytes: 0 }
  const chunk = new Uint8Array(MB).fill(0x41)
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled.bytes >= total) return controller.close()
      pulled.bytes += chunk.byteLength
      controller.enqueue(chunk)
    },
  })
  return { stream, pulled }
}

async function post(body: BodyInit, headers: Record<string, string>, cookie?: string) {
  return upload({
    request: new Request(`${SITE}/api/seller/imports/upload`, {
      method: 'POST',
      body,
      headers: { origin: SITE, ...(cookie ? { cookie } : {}), ...headers },
      duplex: 'half',
    } as RequestInit),
  })
}

describe('the import upload over HTTP', () => {
  it('refuses a declared 200 MB body with a 413 in words, before reading it', async () => {
    const seller = await createSeller(db)
    const cookie = `access_token=${(await signInAs(db, seller.owner.id)).accessToken}`
    const { stream, pulled } = countingBody(200 * MB)
    const response = await post(
      stream,
      { 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(200 * MB) },
      cookie,
    )
    expect(response.status).toBe(413)
    expect(await response.json()).toMatchObject({ message: 'The file is larger than 20 MB: split it' })
    // At most the one chunk a stream buffers ahead of its reader.
    expect(pulled.bytes).toBeLessThanOrEqual(MB)
  })

  it('cuts off a 200 MB body sent without a length as soon as it passes the cap', async () => {
    const seller = await createSeller(db)
    const cookie = `access_token=${(await signInAs(db, seller.owner.id)).accessToken}`
    const { stream, pulled } = countingBody(200 * MB)
    const response = await post(stream, { 'content-type': 'multipart/form-data; boundary=x' }, cookie)
    expect(response.status).toBe(413)
    expect(pulled.bytes).toBeLessThanOrEqual(MAX_UPLOAD_BODY + 2 * MB)
  })

  it('does not read a body for a caller who may not import', async () => {
    const { stream, pulled } = countingBody(50 * MB)
    const response = await post(stream, { 'content-type': 'multipart/form-data; boundary=x' })
    expect(response.status).toBe(401)
    expect(pulled.bytes).toBeLessThanOrEqual(MB)
  })

  it('takes a sheet of normal size and starts its dry run', async () => {
    const seller = await createSeller(db)
    const cookie = `access_token=${(await signInAs(db, seller.owner.id)).accessToken}`
    const form = new FormData()
    form.set('file', new File([`${IMPORT_HEADER}\nNO-SUCH,S,P,1,2,\n`], 'prices.csv', { type: 'text/csv' }))
    const response = await post(form, {}, cookie)
    expect(response.status).toBe(201)
    const { importId } = (await response.json()) as { importId: number }
    expect(await getImport(db, await authOf(db, seller.owner.id), importId)).toMatchObject({
      status: 'checking',
      fileName: 'prices.csv',
    })
    const wrong = await post('SKU code\nA\n', { 'content-type': 'text/csv' }, cookie)
    expect(wrong.status).toBe(415)
  })
})
