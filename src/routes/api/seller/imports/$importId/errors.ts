import { Readable } from 'node:stream'
import { createFileRoute } from '@tanstack/react-router'
import { importErrorReport, importNotFound } from '~/features/imports/index.server'
import { authenticateRequest } from '~/server/auth/session.server'
import { getDb, mediaStorage } from '~/server/db/database.server'
import { errorResponse, notFound } from '~/server/http/api-errors.server'

/** An import's error report: the uploaded file with only its failed rows and an Error column. */
export const Route = createFileRoute('/api/seller/imports/$importId/errors')({
  server: {
    handlers: {
      GET: async ({ request, params }) => {
        try {
          const id = Number(params.importId)
          if (
            !/^\d{1,10}$/.test(params.importId) ||
            !Number.isSafeInteger(id) ||
            id < 1 ||
            id > 2_147_483_647
          )
            throw notFound(importNotFound())
          const db = await getDb()
          const report = await importErrorReport(
            db,
            await authenticateRequest(db, request),
            id,
            mediaStorage(),
          )
          // An ASCII fallback name plus the UTF-8 one, so Persian file names survive.
          const ascii = report.fileName.replace(/[^\w.-]+/g, '_')
          return new Response(Readable.toWeb(report.body) as ReadableStream, {
            headers: {
              'content-type': report.contentType,
              'content-disposition': `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(report.fileName)}`,
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
