import { createFileRoute } from '@tanstack/react-router'
import { INVOICE_NOT_FOUND, getInvoiceForViewer, invoicePdfResponse } from '~/features/orders/index.server'
import { authenticateRequest } from '~/server/auth/session.server'

/** The invoice as a PDF download: its buyer, its (approved) seller's owner or observers, admins. */
export const Route = createFileRoute('/api/invoices/$invoiceId/pdf')({
  server: {
    handlers: {
      GET: ({ request, params }) =>
        invoicePdfResponse(params.invoiceId, INVOICE_NOT_FOUND(), async (db, id) =>
          getInvoiceForViewer(db, await authenticateRequest(db, request), id),
        ),
    },
  },
})
