import '@tanstack/react-start/server-only'
import type { Transform } from 'node:stream'
import { constants, createBrotliCompress, createGzip } from 'node:zlib'

const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|manifest\+json)|image\/svg\+xml)/
/** Below this a gzip header and trailer save little or nothing. */
export const GZIP_MIN_BYTES = 1024

export type Encoding = 'br' | 'gzip'

/**
 * Brotli quality for a response compressed as it streams: a rendered listing of 150 KB comes out
 * about 16% smaller than gzip's default level, for less CPU. Stored pages (the guest page cache),
 * compressed once and sent many times, use `BROTLI_STORED_QUALITY`.
 */
const BROTLI_STREAM_QUALITY = 5
export const BROTLI_STORED_QUALITY = 9

export const brotliOptions = (quality: number, sizeHint = 0) => ({
  params: {
    [constants.BROTLI_PARAM_QUALITY]: quality,
    [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    [constants.BROTLI_PARAM_SIZE_HINT]: sizeHint,
  },
})

/**
 * The encoding to answer with: brotli when the client accepts it (browsers do over HTTPS), else
 * gzip, else none. Honours `q=0` ("not this one") and `*`, as RFC 9110 says.
 */
export function preferredEncoding(request: Request): Encoding | null {
  const header = request.headers.get('accept-encoding')
  if (!header) return null
  const weights = new Map<string, number>()
  for (const part of header.slice(0, 512).split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';')
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
    const weight = q === undefined ? 1 : Number(q.slice(2))
    if (name) weights.set(name, Number.isFinite(weight) ? weight : 0)
  }
  const weight = (name: Encoding) => weights.get(name) ?? weights.get('*') ?? 0
  if (weight('br') > 0) return 'br'
  if (weight('gzip') > 0) return 'gzip'
  return null
}

/**
 * Bytes gathered before they go to the compressor even if the renderer has more to come at once: above
 * the largest rendered page (a listing is about 125 KB), so a page rendered in one burst is compressed
 * in one piece and leaves in one write; it only bounds what one response holds in memory.
 */
const BATCH_BYTES = 256 * 1024

/**
 * `body` compressed. React writes a page as 4 KB pieces (30 for a listing); handing each to zlib on
 * its own was a round trip to the thread pool and through two web-stream adapters per piece, a
 * third of what gzip cost a rendered page (issue #21). Pieces that arrive together (before the event
 * loop turns: one burst of rendering) are written as one; a piece that comes later (a suspended
 * part) still goes out when it comes, so a streamed page still streams. Once the whole body has
 * been read, what the compressor still has to give goes out as one piece at its end: a page rendered
 * in one burst leaves in one socket write instead of two (the compressor answers its last input and
 * its end separately; on loopback a write is about a quarter of a millisecond of the server's CPU).
 */
function compressedStream(body: ReadableStream<Uint8Array>, encoding: Encoding): ReadableStream<Uint8Array> {
  const zlib = encoding === 'br' ? createBrotliCompress(brotliOptions(BROTLI_STREAM_QUALITY)) : createGzip()
  const reader = body.getReader()
  let pending: Uint8Array[] = []
  let pendingBytes = 0
  let timer: NodeJS.Immediate | null = null
  let drained: Promise<void> | null = null
  let inputDone = false

  const flush = () => {
    if (timer) clearImmediate(timer)
    timer = null
    if (!pendingBytes || zlib.destroyed) return
    const batch = pending.length === 1 ? pending[0]! : Buffer.concat(pending, pendingBytes)
    pending = []
    pendingBytes = 0
    if (!zlib.write(batch) && !drained)
      drained = new Promise<void>((resolve) => {
        zlib.once('drain', resolve)
        zlib.once('close', resolve)
      }).then(() => {
        drained = null
      })
  }

  const pump = async () => {
    try {
      for (;;) {
        if (drained) await drained
        const { done, value } = await reader.read()
        if (done) break
        if (zlib.destroyed) return
        if (!value.byteLength) continue
        pending.push(value)
        pendingBytes += value.byteLength
        if (pendingBytes >= BATCH_BYTES) flush()
        else timer ??= setImmediate(flush)
      }
      inputDone = true
      flush()
      zlib.end()
    } catch (error) {
      if (timer) clearImmediate(timer)
      zlib.destroy(error instanceof Error ? error : new Error(String(error)))
    }
  }
  // The client went away (the web stream was cancelled, which destroys zlib): stop the render too.
  zlib.once('close', () => {
    if (timer) clearImmediate(timer)
    if (!zlib.writableFinished) reader.cancel().catch(() => {})
  })
  void pump()
  return compressorOutput(zlib, () => inputDone)
}

/**
 * The compressor's output as a web stream (what `Readable.toWeb` gives, with its backpressure), except
 * that output produced after the input ended is held and sent as one piece when the compressor ends.
 */
function compressorOutput(zlib: Transform, inputDone: () => boolean): ReadableStream<Uint8Array> {
  let open = true
  let held: Buffer[] = []
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        zlib.on('data', (chunk: Buffer) => {
          if (!open) return
          if (inputDone()) {
            held.push(chunk)
            return
          }
          controller.enqueue(chunk)
          if ((controller.desiredSize ?? 1) <= 0) zlib.pause()
        })
        zlib.once('end', () => {
          if (!open) return
          open = false
          if (held.length) controller.enqueue(held.length === 1 ? held[0]! : Buffer.concat(held))
          held = []
          controller.close()
        })
        zlib.once('error', (error) => {
          if (!open) return
          open = false
          held = []
          controller.error(error)
        })
        // Destroyed without an error (the web stream was cancelled): nothing more will come.
        zlib.once('close', () => {
          open = false
          held = []
        })
      },
      pull() {
        zlib.resume()
      },
      cancel() {
        open = false
        held = []
        zlib.destroy()
      },
    },
    { highWaterMark: 1 },
  )
}

/** Compresses HTML, JSON, JS and SVG responses for clients that accept it (streams stay streams). */
export function compressResponse(request: Request, response: Response): Response {
  if (!response.body || response.headers.has('content-encoding')) return response
  if (request.method === 'HEAD' || response.status === 204 || response.status === 304) return response
  const encoding = preferredEncoding(request)
  if (!encoding) return response
  const type = response.headers.get('content-type') ?? ''
  if (!COMPRESSIBLE.test(type)) return response
  const length = Number(response.headers.get('content-length') ?? 'NaN')
  if (length < GZIP_MIN_BYTES) return response

  const headers = new Headers(response.headers)
  headers.set('content-encoding', encoding)
  headers.delete('content-length')
  headers.append('vary', 'accept-encoding')
  return new Response(compressedStream(response.body, encoding), {
    status: response.status,
    statusText: response.statusText,
    headers,
  })
}
