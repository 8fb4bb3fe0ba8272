import '@tanstack/react-start/server-only'
import { m } from '~/lib/messages'
import { formatNumber } from '~/lib/money'
import { serverConfig } from '~/server/config.server'
import { getDb, mediaStorage } from '~/server/db/database.server'
import { errorResponse, notFound } from '~/server/http/api-errors.server'
import { requestMeta } from '~/server/http/request-meta.server'
import type { MediaStorage } from '~/server/providers/storage/storage.server'
import { enforceRateLimits, type RateLimitRule } from '~/server/rate-limit/rate-limit.server'
import { ensureLineSheet, lineSheetSource } from './magazine-line-sheet.server'
import { IDENTIFY_PATTERN } from './magazines.schemas'

/** Drawing a sheet costs a second of CPU; serving a cached one costs nothing, so only renders count. */
export const lineSheetRendersPerIp: RateLimitRule = {
  name: 'magazine-line-sheet:ip',
  limit: 20,
  windowMs: 10 * 60_000,
}


/**
 * GET /magazine/{identify}/line-sheet.pdf: the line sheet of a published magazine whose seller's plan has
 * line sheets (anything else is the same 404), from the cache when it still prints what the
 * magazine shows now, else drawn for this request (rate-limited per client address).
 */
export async function lineSheetResponse(
  request: Request,
  identify: string,
  storage: MediaStorage = mediaStorage(),
): Promise<Response> {
  try {
    if (!IDENTIFY_PATTERN.test(identify) || identify.length > 60) throw notFound(m.magazines_not_found())
    const db = await getDb()
    const source = await lineSheetSource(db, identify)
    if (!source) throw notFound(m.magazines_not_found())
    const config = serverConfig()
    const sheet = await ensureLineSheet(db, storage, source, () =>
      enforceRateLimits(
        db,
        [{ rule: lineSheetRendersPerIp, subject: requestMeta(request, config.trustProxy).ip }],
        (wait) => m.magazines_line_sheet_rate_limited({ seconds: formatNumber(wait) }),
      ),
    )
    const etag = `"${sheet.fingerprint.slice(0, 32)}"`
    const headers = {
      'content-type': 'application/pdf',
      'content-disposition': `inline; filename="${identify}-line-sheet.pdf"`,
      // Prices are live: a browser or CDN checks back each time and gets a 304 while nothing changed.
      'cache-control': 'public, no-cache',
      etag,
      'x-line-sheet-cache': sheet.cached ? 'hit' : 'miss',
      'x-content-type-options': 'nosniff',
    }
    if (request.headers.get('if-none-match') === etag) return new Response(null, { status: 304, headers })
    return new Response(sheet.bytes, {
      headers: { ...headers, 'content-length': String(sheet.bytes.byteLength) },
    })
  } catch (error) {
    return errorResponse(error, [], request.signal)
  }
}
