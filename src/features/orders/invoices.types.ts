/**
 * An invoice as the printable page and the PDF show it (one source for both: getInvoiceForViewer).
 * Money in integer minor units of `currency`; format with formatMoney from ~/lib/money.
 */
export interface InvoicePartyView {
  name: string
  national_id: string | null
  phone: string
  address: string
}

export interface InvoiceLineView {
  product_name: string
  sku: string
  unit: string
  quantity: number
  unit_price: number
  /** 0: no offer. */
  offer_price: number
  line_subtotal: number
  line_discount: number
  line_total: number
}

export interface InvoiceView {
  id: number
  number: string
  /** UTC calendar date, YYYY-MM-DD. */
  issued_on: string
  issued_at: string
  order: { id: number; number: string; status: string; delivery_method: 'seller_delivery' | 'pickup' }
  seller: InvoicePartyView
  buyer: InvoicePartyView
  lines: InvoiceLineView[]
  currency: string
  subtotal: number
  discount: number
  delivery_fee: number
  vat_percent: number
  vat: number
  total: number
  /** The viewer's relation, for links back to the right order page. */
  viewer_role: 'buyer' | 'seller' | 'admin'
}

/** "2026-11-22" from an ISO timestamp, in UTC. */
export const utcDate = (iso: string | Date) => new Date(iso).toISOString().slice(0, 10)
