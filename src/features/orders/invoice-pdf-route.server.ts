import '@tanstack/react-start/server-only'
import type { Db } from '~/server/db/client.server'
import { getDb } from '~/server/db/database.server'
import { errorResponse, notFound } from '~/server/http/api-errors.server'
import type { InvoiceView } from '~/features/payments/index.server'

/**
 * The GET handler of an invoice's PDF download (an order's or a platform invoice): a positive
 * integer id or the given 404, then `load` (the route's own sign-in and access check), then the
 * one renderer.
 */
export async function invoicePdfResponse(
  rawId: string,
  notFoundMessage: string,
  load: (db: Db, id: number) => Promise<InvoiceView>,
): Promise<Response> {
  try {
    const id = Number(rawId)
    if (!/^\d+$/.test(rawId) || !Number.isSafeInteger(id) || id < 1) throw notFound(notFoundMessage)
    const db = await getDb()
    const invoice = await load(db, id)
    // Loaded on first use: pdfkit and the embedded fonts stay out of the server's start-up.
    const { invoiceFileName, renderInvoicePdf } = await import('./invoice-pdf.server')
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
}
