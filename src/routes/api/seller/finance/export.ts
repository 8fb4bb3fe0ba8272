import { PassThrough, Readable } from 'node:stream'
import { createFileRoute } from '@tanstack/react-router'
import {
  EXPORT_MAX_ROWS,
  exportQuery,
  exportTooLarge,
  statementCount,
  statementFilters,
  writeStatementExport,
} from '~/features/seller-finance/index.server'
import { datedFileName } from '~/lib/file-names'
import { requireApprovedSeller } from '~/server/auth/guards.server'
import { authenticateRequest } from '~/server/auth/session.server'
import { now } from '~/server/clock.server'
import { getDb } from '~/server/db/database.server'
import { errorResponse, parseInput } from '~/server/http/api-errors.server'
import { log } from '~/server/log.server'

const CONTENT_TYPES = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
}

/**
 * The seller's statement as CSV or XLSX (issue #38): every line its filters find, the caller's own
 * seller only, at most EXPORT_MAX_ROWS (counted before the file starts: beyond, a 422 that says to
 * narrow the dates). Reading: the owner and its observers, as the page.
 */
export const Route = createFileRoute('/api/seller/finance/export')({
  server: {
    handlers: {
      GET: async ({ request }) => {
        try {
          const url = new URL(request.url)
          const param = (name: string) => url.searchParams.get(name) ?? undefined
          const { format } = parseInput(exportQuery, { format: param('format') })
          const filters = parseInput(statementFilters, {
            from: param('from'),
            to: param('to'),
            kind: param('kind'),
          })
          const db = await getDb()
          const actor = requireApprovedSeller(await authenticateRequest(db, request), { allowObserver: true })
          const found = await statementCount(db, actor.sellerId, filters)
          if (found > EXPORT_MAX_ROWS) throw exportTooLarge(found)
          const body = new PassThrough()
          const at = now()
          writeStatementExport(db, actor.sellerId, filters, format, body).catch((error: unknown) => {
            log().error({ err: error }, 'statement export failed')
            body.destroy(error instanceof Error ? error : new Error(String(error)))
          })
          return new Response(Readable.toWeb(body) as ReadableStream, {
            headers: {
              'content-type': CONTENT_TYPES[format],
              'content-disposition': `attachment; filename="${datedFileName('omdeh-statement', at, format)}"`,
              'cache-control': 'private, no-store',
              vary: 'Cookie, Authorization',
              'x-content-type-options': 'nosniff',
            },
          })
        } catch (error) {
          return errorResponse(error)
        }
      },
    },
  },
})
