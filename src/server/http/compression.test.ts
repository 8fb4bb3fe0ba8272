import { randomBytes } from 'node:crypto'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { compressResponse, preferredEncoding } from './compression.server'

const request = (acceptEncoding?: string, method = 'GET') =>
  new Request('http://omdeh.test/product', {
    method,
    headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
  })

const page = `<!doctype html><html><body>${'<article class="card">Basmati rice, 10 kg</article>'.repeat(200)}</body></html>`
const html = () => new Response(page, { headers: { 'content-type': 'text/html; charset=utf-8' } })

describe('preferredEncoding', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['br;q=0.5, gzip;q=0.8', 'br'],
    ['gzip', 'gzip'],
    ['gzip, br;q=0', 'gzip'],
    ['BR', 'br'],
    ['*', 'br'],
    ['*;q=0, gzip', 'gzip'],
    ['identity', null],
    ['gzip;q=0, br;q=0', null],
    ['gzip;q=nonsense', null],
    ['', null],
  ])('"%s" → %s', (header, expected) => {
    expect(preferredEncoding(request(header))).toBe(expected)
  })

  it('answers without compression when the client says nothing', () => {
    expect(preferredEncoding(request())).toBeNull()
  })
})

describe('compressResponse', () => {
  it('streams brotli to a browser and gzip to a gzip-only client, each decoding to the page', async () => {
    const br = compressResponse(request('gzip, deflate, br'), html())
    const gzip = compressResponse(request('gzip'), html())
    expect(br.headers.get('content-encoding')).toBe('br')
    expect(gzip.headers.get('content-encoding')).toBe('gzip')
    expect(br.headers.get('vary')).toContain('accept-encoding')
    const brBody = Buffer.from(await br.arrayBuffer())
    const gzipBody = Buffer.from(await gzip.arrayBuffer())
    expect(brotliDecompressSync(brBody).toString('utf8')).toBe(page)
    expect(gunzipSync(gzipBody).toString('utf8')).toBe(page)
    expect(brBody.byteLength).toBeLessThan(page.length / 10)
  })

  it('sends a page rendered in bursts, with a late part and a part over the batch size, whole and in order', async () => {
    const encoder = new TextEncoder()
    const big = '<p>'.padEnd(300_000, 'x') + '</p>'
    const parts = ['<!doctype html><html><body>', ...Array.from({ length: 40 }, (_, i) => `<li>${i}</li>`), big]
    const late = '<template>the part that waited on data</template></body></html>'
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        for (const part of parts) controller.enqueue(encoder.encode(part))
        await new Promise((resolve) => setTimeout(resolve, 20))
        controller.enqueue(encoder.encode(late))
        controller.close()
      },
    })
    const response = compressResponse(
      request('gzip'),
      new Response(body, { headers: { 'content-type': 'text/html; charset=utf-8' } }),
    )
    const text = gunzipSync(Buffer.from(await response.arrayBuffer())).toString('utf8')
    expect(text).toBe(parts.join('') + late)
  })

  it('sends a page rendered in one burst as one piece (one socket write), which decodes to the page', async () => {
    const encoder = new TextEncoder()
    const parts = ['<!doctype html><html><body>', ...Array.from({ length: 60 }, (_, i) => `<li>Item ${i}</li>`), '</body></html>']
    for (const encoding of ['gzip', 'br'] as const) {
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          for (const part of parts) controller.enqueue(encoder.encode(part))
          controller.close()
        },
      })
      const response = compressResponse(
        request(encoding),
        new Response(body, { headers: { 'content-type': 'text/html; charset=utf-8' } }),
      )
      const pieces: Uint8Array[] = []
      const reader = response.body!.getReader()
      for (let read = await reader.read(); !read.done; read = await reader.read()) pieces.push(read.value)
      expect(pieces).toHaveLength(1)
      const decode = encoding === 'gzip' ? gunzipSync : brotliDecompressSync
      expect(decode(Buffer.from(pieces[0]!)).toString('utf8')).toBe(parts.join(''))
    }
  })

  it('stops reading the page when the client goes away', async () => {
    let cancelled = false
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        // Data that does not compress, so the compressor has output to give at once.
        controller.enqueue(randomBytes(32 * 1024))
        return new Promise((resolve) => setTimeout(resolve, 5))
      },
      cancel() {
        cancelled = true
      },
    })
    const response = compressResponse(
      request('gzip'),
      new Response(body, { headers: { 'content-type': 'text/html; charset=utf-8' } }),
    )
    const reader = response.body!.getReader()
    await reader.read()
    await reader.cancel()
    await expect.poll(() => cancelled, { timeout: 2000 }).toBe(true)
  })

  it('leaves alone what it should: no accepted encoding, HEAD, images, bodies under 1 KB', async () => {
    expect(compressResponse(request('identity'), html()).headers.get('content-encoding')).toBeNull()
    expect(compressResponse(request('br', 'HEAD'), html()).headers.get('content-encoding')).toBeNull()
    const png = new Response(new Uint8Array(4096), { headers: { 'content-type': 'image/png' } })
    expect(compressResponse(request('br'), png).headers.get('content-encoding')).toBeNull()
    const small = new Response('{"ok":true}', {
      headers: { 'content-type': 'application/json', 'content-length': '11' },
    })
    expect(compressResponse(request('br'), small).headers.get('content-encoding')).toBeNull()
  })
})
