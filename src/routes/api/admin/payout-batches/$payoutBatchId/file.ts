import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { PAYOUT_FILE_FORMATS, payoutBankFile, payoutBatchIdInput } from '~/features/payouts/index.server'
import { authenticateRequest } from '~/server/auth/session.server'
import { getDb } from '~/server/db/database.server'
import { errorResponse, parseInput } from '~/server/http/api-errors.server'

const formatQuery = v.object({ format: v.optional(v.picklist(PAYOUT_FILE_FORMATS), 'xlsx') })

const CONTENT_TYPES = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
}

/** A payout batch as the bank's group-transfer file (CSV or XLSX), for admins only. */
export const Route = createFileRoute('/api/admin/payout-batches/$payoutBatchId/file')({
  server: {
    handlers: {
      GET: async ({ request, params }) => {
        try {
          const url = new URL(request.url)
          const { format } = parseInput(formatQuery, { format: url.searchParams.get('format') ?? undefined })
          const { payoutBatchId } = parseInput(payoutBatchIdInput, {
            payoutBatchId: Number(params.payoutBatchId),
          })
          const db = await getDb()
          const file = await payoutBankFile(db, await authenticateRequest(db, request), payoutBatchId, format)
          return new Response(new Uint8Array(file.body), {
            headers: {
              'content-type': CONTENT_TYPES[format],
              'content-disposition': `attachment; filename="${file.fileStem}.${format}"`,
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
