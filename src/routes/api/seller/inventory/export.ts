import { PassThrough, Readable } from 'node:stream'
import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { writeTemplate } from '~/features/imports/index.server'
import { EXPORT_FORMATS, inventorySearch, inventorySearchFromParams } from '~/features/inventory'
import { inventorySkuIds } from '~/features/inventory/index.server'
import { datedFileName } from '~/lib/file-names'
import { requireApprovedSeller } from '~/server/auth/guards.server'
import { authenticateRequest } from '~/server/auth/session.server'
import { now } from '~/server/clock.server'
import { getDb } from '~/server/db/database.server'
import { errorResponse, parseInput } from '~/server/http/api-errors.server'
import { log } from '~/server/log.server'

const formatQuery = v.object({ format: v.optional(v.picklist(EXPORT_FORMATS), 'xlsx') })

const CONTENT_TYPES = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
}

/**
 * The inventory table's export (issue #16): the SKUs its filters find (every page), in the price and
 * stock sheet the import reads back, so export → edit → import round-trips. Reading: the owner and
 * observers may export.
 */
export const Route = createFileRoute('/api/seller/inventory/export')({
  server: {
    handlers: {
      GET: async ({ request }) => {
        try {
          const url = new URL(request.url)
          const { format } = parseInput(formatQuery, { format: url.searchParams.get('format') ?? undefined })
          const search = parseInput(inventorySearch, inventorySearchFromParams(url.searchParams))
          const db = await getDb()
          const actor = requireApprovedSeller(await authenticateRequest(db, request), { allowObserver: true })
          const body = new PassThrough()
          const at = now()
          writeTemplate(db, actor.sellerId, format, body, {
            skuIdsIn: inventorySkuIds(search, actor.sellerId, at),
            at,
          }).catch((error: unknown) => {
            log().error({ err: error }, 'inventory export failed')
            body.destroy(error instanceof Error ? error : new Error(String(error)))
          })
          return new Response(Readable.toWeb(body) as ReadableStream, {
            headers: {
              'content-type': CONTENT_TYPES[format],
              'content-disposition': `attachment; filename="${datedFileName('omdeh-inventory', at, format)}"`,
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
