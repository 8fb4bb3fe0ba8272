import { createFileRoute } from '@tanstack/react-router'
import { invoicePdfResponse } from '~/features/orders/index.server'
import { PLUS_INVOICE_NOT_FOUND, plusInvoiceForViewer } from '~/features/plus/index.server'
import { authenticateRequest } from '~/server/auth/session.server'

/** A Plus membership invoice as a PDF, for the buyer who paid it; the order invoice's renderer. */
export const Route = createFileRoute('/api/plus-invoices/$plusInvoiceId/pdf')({
  server: {
    handlers: {
      GET: ({ request, params }) =>
        invoicePdfResponse(params.plusInvoiceId, PLUS_INVOICE_NOT_FOUND(), async (db, id) =>
          plusInvoiceForViewer(db, await authenticateRequest(db, request), id),
        ),
    },
  },
})
