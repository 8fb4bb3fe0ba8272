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
  /** The Persian product name and unit at the order, when there were (shown in fa). */
  product_name_fa: string | null
  sku: string
  unit: string
  unit_fa: string | null
  quantity: number
  unit_price: number
  /** 0: no offer. */
  offer_price: number
  line_subtotal: number
  line_discount: number
  line_total: number
}

export interface InvoiceView {
  /**
   * An order's invoice (the default), or the platform's own (a plan period, a Plus year): that one
   * has no order and no delivery, and says what it is for.
   */
  kind?: 'order' | 'platform'
  /** A platform invoice's subject, e.g. "Pro plan, 1 month, 1 Nov 2026 to 1 Dec 2026". */
  invoice_for?: string
  /** Seller delivery Plus paid for this order (not in `total`; the seller receives it). */
  delivery_paid_by_platform?: number
  id: number
  number: string
  /** The Tehran calendar day it was issued, YYYY-MM-DD. */
  issued_on: string
  issued_at: string
  order: { id: number; number: string; status: string; delivery_method: 'seller_delivery' | 'pickup' }
  /** Pickup orders: where and when the buyer collects the goods, per store. */
  pickup_points?: { store: string; storeFa?: string | null; city: string; address: string; hours: string }[]
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
