import { createFileRoute } from '@tanstack/react-router'
import { invoicePdfResponse } from '~/features/orders/index.server'
import {
  COMMISSION_INVOICE_NOT_FOUND,
  commissionInvoiceForViewer,
} from '~/features/seller-finance/index.server'
import { authenticateRequest } from '~/server/auth/session.server'

/** A monthly commission invoice as a PDF, for the seller's owner only; the order invoice's renderer. */
export const Route = createFileRoute('/api/commission-invoices/$commissionInvoiceId/pdf')({
  server: {
    handlers: {
      GET: ({ request, params }) =>
        invoicePdfResponse(params.commissionInvoiceId, COMMISSION_INVOICE_NOT_FOUND(), async (db, id) =>
          commissionInvoiceForViewer(db, await authenticateRequest(db, request), id),
        ),
    },
  },
})
