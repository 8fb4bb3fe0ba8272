import { createFileRoute } from '@tanstack/react-router'
import { PLATFORM_INVOICE_NOT_FOUND, platformInvoiceForViewer } from '~/features/plans/plans.server'
import { authenticateRequest } from '~/server/auth/session.server'
import { getDb } from '~/server/db/database.server'
import { errorResponse, notFound } from '~/server/http/api-errors.server'

/** A platform invoice (a plan period) as a PDF, for the seller's owner; the order invoice's renderer. */
export const Route = createFileRoute('/api/platform-invoices/$platformInvoiceId/pdf')({
  server: {
    handlers: {
      GET: async ({ request, params }) => {
        try {
          const id = Number(params.platformInvoiceId)
          if (!/^\d+$/.test(params.platformInvoiceId) || !Number.isSafeInteger(id) || id < 1)
            throw notFound(PLATFORM_INVOICE_NOT_FOUND)
          const db = await getDb()
          const invoice = await platformInvoiceForViewer(db, await authenticateRequest(db, request), id)
          const { invoiceFileName, renderInvoicePdf } = await import('~/features/orders/invoice-pdf.server')
          const pdf = await renderInvoicePdf(invoice)
          return new Response(pdf, {
            headers: {
              'content-type': 'application/pdf',
              'content-length': String(pdf.byteLength),
              'content-disposition': `attachment; filename="${invoiceFileName(invoice)}"`,
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
