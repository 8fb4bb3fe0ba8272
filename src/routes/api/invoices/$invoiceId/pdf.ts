import { createFileRoute } from '@tanstack/react-router'
import { getInvoiceForViewer, INVOICE_NOT_FOUND } from '~/features/orders/invoices.server'
import { authenticateRequest } from '~/server/auth/session.server'
import { getDb } from '~/server/db/database.server'
import { errorResponse, notFound } from '~/server/http/api-errors.server'

/** The invoice as a PDF download: its buyer, its (approved) seller's owner or observers, admins. */
export const Route = createFileRoute('/api/invoices/$invoiceId/pdf')({
  server: {
    handlers: {
      GET: async ({ request, params }) => {
        try {
          const id = Number(params.invoiceId)
          if (!/^\d+$/.test(params.invoiceId) || !Number.isSafeInteger(id) || id < 1)
            throw notFound(INVOICE_NOT_FOUND)
          const db = await getDb()
          const invoice = await getInvoiceForViewer(db, await authenticateRequest(db, request), id)
          // Loaded on first use: pdfkit and the embedded fonts stay out of the server's start-up.
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
