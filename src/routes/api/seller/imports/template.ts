import { PassThrough, Readable } from 'node:stream'
import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { TEMPLATE_FORMATS } from '~/features/imports'
import { writeTemplate } from '~/features/imports/index.server'
import { datedFileName } from '~/lib/file-names'
import { idSchema } from '~/lib/schema-pieces'
import { requireApprovedSeller } from '~/server/auth/guards.server'
import { authenticateRequest } from '~/server/auth/session.server'
import { now } from '~/server/clock.server'
import { getDb } from '~/server/db/database.server'
import { errorResponse, parseInput } from '~/server/http/api-errors.server'
import { log } from '~/server/log.server'

const query = v.object({
  format: v.optional(v.picklist(TEMPLATE_FORMATS), 'xlsx'),
  store: v.optional(v.pipe(v.string(), v.transform(Number), idSchema)),
})

const CONTENT_TYPES = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
}

/** The seller's price and stock sheet (the import template and the inventory export). */
export const Route = createFileRoute('/api/seller/imports/template')({
  server: {
    handlers: {
      GET: async ({ request }) => {
        try {
          const url = new URL(request.url)
          const params = parseInput(query, Object.fromEntries(url.searchParams))
          const db = await getDb()
          const actor = requireApprovedSeller(await authenticateRequest(db, request), { allowObserver: true })
          const body = new PassThrough()
          const at = now()
          writeTemplate(db, actor.sellerId, params.format, body, { storeId: params.store, at }).catch(
            (error: unknown) => {
              log().error({ err: error }, 'price sheet export failed')
              body.destroy(error instanceof Error ? error : new Error(String(error)))
            },
          )
          return new Response(Readable.toWeb(body) as ReadableStream, {
            headers: {
              'content-type': CONTENT_TYPES[params.format],
              'content-disposition': `attachment; filename="${datedFileName('omdeh-prices', at, params.format)}"`,
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
