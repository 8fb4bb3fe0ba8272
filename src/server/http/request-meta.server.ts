import '@tanstack/react-start/server-only'

export interface RequestMeta {
  ip: string
  userAgent: string | null
}

/**
 * The caller's address. X-Forwarded-For is honoured only behind a proxy we trust (TRUST_PROXY=1):
 * otherwise anyone could pick the address their per-IP rate limit is counted under.
 */
export function requestMeta(request: Request, trustProxy: boolean): RequestMeta {
  const forwarded = trustProxy ? request.headers.get('x-forwarded-for')?.split(',', 1)[0]?.trim() : undefined
  const own = request as Request & { ip?: string; context?: { clientAddress?: string } }
  const ip = forwarded || own.context?.clientAddress || own.ip || 'unknown'
  const userAgent = request.headers.get('user-agent')?.slice(0, 300) ?? null
  return { ip, userAgent }
}
