import { createFileRoute } from '@tanstack/react-router'
import { invoicePdfResponse } from '~/features/orders/index.server'
import { PLATFORM_INVOICE_NOT_FOUND, platformInvoiceForViewer } from '~/features/plans/index.server'
import { authenticateRequest } from '~/server/auth/session.server'

/** A platform invoice (a plan period) as a PDF, for the seller's owner; the order invoice's renderer. */
export const Route = createFileRoute('/api/platform-invoices/$platformInvoiceId/pdf')({
  server: {
    handlers: {
      GET: ({ request, params }) =>
        invoicePdfResponse(params.platformInvoiceId, PLATFORM_INVOICE_NOT_FOUND(), async (db, id) =>
          platformInvoiceForViewer(db, await authenticateRequest(db, request), id),
        ),
    },
  },
})
