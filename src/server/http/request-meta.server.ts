import '@tanstack/react-start/server-only'

export interface RequestMeta {
  /** The client's address: for rate limits and the record (X-Forwarded-For behind a trusted proxy). */
  ip: string
  /**
   * The address at the other end of the connection, from the socket: never from a header, whatever
   * TRUST_PROXY says. 'unknown' when the runtime does not tell.
   */
  peerIp: string
  /**
   * Every address a proxy header names (X-Forwarded-For, X-Real-IP, Forwarded `for=`), trusted or
   * not. A request only counts as this machine's when all of them are loopback too (a proxy on
   * this machine forwards the internet).
   */
  forwardedIps: string[]
  userAgent: string | null
}

/** What srvx (Nitro's server) adds to a Request on Node: the incoming message, and `ip`. */
type ServerRequest = Request & {
  ip?: string
  context?: { clientAddress?: string }
  runtime?: { node?: { req?: { socket?: { remoteAddress?: string } } } }
}

/** The connection's remote address: Node's socket, else what the runtime reports as the peer. */
function peerAddress(request: ServerRequest): string {
  return request.runtime?.node?.req?.socket?.remoteAddress || request.ip || 'unknown'
}

function forwardedAddresses(headers: Headers): string[] {
  const found: string[] = []
  for (const name of ['x-forwarded-for', 'x-real-ip']) {
    for (const part of headers.get(name)?.split(',') ?? []) if (part.trim()) found.push(part.trim())
  }
  // RFC 7239: `for=192.0.2.60`, `for="[2001:db8::1]:4711"`, `for=unknown`.
  for (const match of (headers.get('forwarded') ?? '').matchAll(/for=("?)([^;,"]+)\1/gi)) {
    const value = match[2]!.trim()
    const bracketed = /^\[([^\]]+)\]/.exec(value)
    found.push(bracketed ? bracketed[1]! : value.replace(/:\d+$/, ''))
  }
  return found
}

/**
 * The caller's address. X-Forwarded-For is honoured only behind a proxy we trust (TRUST_PROXY=1):
 * otherwise anyone could pick the address their per-IP rate limit is counted under.
 */
export function requestMeta(request: Request, trustProxy: boolean): RequestMeta {
  const own = request as ServerRequest
  const forwarded = trustProxy ? request.headers.get('x-forwarded-for')?.split(',', 1)[0]?.trim() : undefined
  const ip = forwarded || own.context?.clientAddress || own.ip || 'unknown'
  const userAgent = request.headers.get('user-agent')?.slice(0, 300) ?? null
  return { ip, peerIp: peerAddress(own), forwardedIps: forwardedAddresses(request.headers), userAgent }
}
