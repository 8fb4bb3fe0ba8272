import '@tanstack/react-start/server-only'
import { Duplex } from 'node:stream'
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

function encoder(encoding: Encoding): ReadableWritablePair<Uint8Array, Uint8Array> {
  const stream = encoding === 'br' ? createBrotliCompress(brotliOptions(BROTLI_STREAM_QUALITY)) : createGzip()
  return Duplex.toWeb(stream) as ReadableWritablePair<Uint8Array, Uint8Array>
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
  return new Response(response.body.pipeThrough(encoder(encoding)), {
    status: response.status,
    statusText: response.statusText,
    headers,
  })
}
