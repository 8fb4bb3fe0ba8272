import '@tanstack/react-start/server-only'

const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|manifest\+json)|image\/svg\+xml)/
/** Below this a gzip header and trailer save little or nothing. */
export const GZIP_MIN_BYTES = 1024

export const acceptsGzip = (request: Request) => /\bgzip\b/.test(request.headers.get('accept-encoding') ?? '')

/** Gzips HTML, JSON, JS and SVG responses for clients that accept it (streams stay streams). */
export function compressResponse(request: Request, response: Response): Response {
  if (!response.body || response.headers.has('content-encoding')) return response
  if (request.method === 'HEAD' || response.status === 204 || response.status === 304) return response
  if (!acceptsGzip(request)) return response
  const type = response.headers.get('content-type') ?? ''
  if (!COMPRESSIBLE.test(type)) return response
  const length = Number(response.headers.get('content-length') ?? 'NaN')
  if (length < GZIP_MIN_BYTES) return response

  const headers = new Headers(response.headers)
  headers.set('content-encoding', 'gzip')
  headers.delete('content-length')
  headers.append('vary', 'accept-encoding')
  return new Response(response.body.pipeThrough(new CompressionStream('gzip')), {
    status: response.status,
    statusText: response.statusText,
    headers,
  })
}
