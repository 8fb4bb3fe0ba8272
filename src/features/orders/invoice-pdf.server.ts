import '@tanstack/react-start/server-only'
import { constants } from '#app-config'
import { stripBidiControls } from '~/lib/bidi-controls'
import { currentLocale, currentMoneyUnit, textInLocale } from '~/lib/i18n'
import { m } from '~/lib/messages'
import { formatMoney, formatNumber } from '~/lib/money'
import { formatTehranCalendarDay } from '~/lib/tehran-time'
import { createPdfDocument } from '~/server/pdf/pdf-document.server'
import { drawTextBlock, isolated, layoutText } from '~/server/pdf/pdf-text.server'
import type { InvoicePartyView, InvoiceView } from '~/features/payments/index.server'

/**
 * The invoice as an A4 PDF (pdfkit: real text, so it can be searched, copied and read by machines).
 * It draws exactly what getInvoiceForViewer returns, like the printable page, in the request's
 * language: English left to right (standard Helvetica), or Persian right to left (Vazirmatn, the
 * Persian calendar and digits) with the whole layout mirrored.
 */

const MARGIN = 48
const PAGE = { width: 595.28, height: 841.89 }
const CONTENT_WIDTH = PAGE.width - 2 * MARGIN
const INK = '#111827'
const MUTED = '#4b5563'
const RULE = '#d1d5db'

type Align = 'left' | 'right'

/**
 * Where things go on the page: positions are written for left to right (an offset from the left
 * margin and a width) and mirrored for a right-to-left invoice, as are alignments.
 */
interface Layout {
  rtl: boolean
  /** The page x of a box `offset` points from the reading start, `width` wide. */
  x(offset: number, width: number): number
  /** The alignment written for left to right, in this direction. */
  align(align: Align): Align
}

const layoutFor = (rtl: boolean): Layout => ({
  rtl,
  x: (offset, width) => (rtl ? MARGIN + CONTENT_WIDTH - offset - width : MARGIN + offset),
  align: (align) => (rtl ? (align === 'left' ? 'right' : 'left') : align),
})

/** Table columns: x offset from the margin, width, alignment. */
const COLUMNS = [
  { key: 'item', label: () => m.server_invoice_col_item(), x: 0, width: 225, align: 'left' },
  { key: 'qty', label: () => m.server_invoice_col_qty(), x: 225, width: 50, align: 'right' },
  { key: 'unit', label: () => m.server_invoice_col_unit_price(), x: 280, width: 110, align: 'right' },
  {
    key: 'total',
    label: () => m.server_invoice_col_line_total(),
    x: 389,
    width: CONTENT_WIDTH - 389,
    align: 'right',
  },
] as const

export function invoiceFileName(invoice: Pick<InvoiceView, 'number'>): string {
  return `invoice-${invoice.number.replace(/[^A-Za-z0-9-]/g, '_')}.pdf`
}

/** The issue day (stored "2026-11-20") as pages show it: "20 Nov 2026", the Persian calendar in Persian. */
const issueDay = formatTehranCalendarDay

/** The currency the amounts are in: its code in English, the unit's name in Persian. */
function currencyName(currency: string): string {
  if (currentLocale() !== 'fa' || currency !== 'IRR') return currency
  return currentMoneyUnit() === 'toman' ? m.common_money_toman() : m.common_money_rial()
}

export async function renderInvoicePdf(invoice: InvoiceView): Promise<Uint8Array<ArrayBuffer>> {
  const { doc, bytes } = createPdfDocument({
    margin: MARGIN,
    lang: currentLocale() === 'fa' ? 'fa-IR' : 'en-GB',
    info: {
      Title: m.server_invoice_doc_title({ number: invoice.number }),
      Author: constants.brand.name,
      Subject:
        invoice.kind === 'platform'
          ? m.server_invoice_doc_subject_platform({
              number: invoice.number,
              invoiceFor: stripBidiControls(invoice.invoice_for ?? ''),
            })
          : m.server_invoice_doc_subject_order({ number: invoice.number, order: invoice.order.number }),
    },
  })
  const money = (amount: number) => formatMoney(amount, invoice.currency)
  const at = layoutFor(currentLocale() === 'fa')

  drawHeader(doc, at, invoice)
  drawParties(doc, at, invoice)
  drawPickup(doc, at, invoice)
  drawLines(doc, at, invoice, money)
  drawTotals(doc, at, invoice, money)

  doc.end()
  return bytes
}

function drawHeader(doc: PDFKit.PDFDocument, at: Layout, invoice: InvoiceView) {
  const top = MARGIN
  const half = CONTENT_WIDTH / 2
  doc.fillColor(INK)
  write(doc, constants.brand.name, 'bold', 22, at.x(0, half), top, half, at.align('left'))
  doc.fillColor(MUTED)
  write(doc, m.server_invoice_tagline(), 'regular', 10, at.x(0, half), top + 26, half, at.align('left'))

  doc.fillColor(INK)
  write(doc, m.server_invoice_title(), 'bold', 16, at.x(half, half), top, half, at.align('right'))
  const platform = invoice.kind === 'platform'
  const facts = [
    [m.server_invoice_number(), invoice.number],
    [m.server_invoice_issue_date(), issueDay(invoice.issued_on)],
    [platform ? m.server_invoice_purchase() : m.server_invoice_order_number(), invoice.order.number],
  ] as const
  let y = top + 26
  const valueWidth = 130
  const labelOffset = CONTENT_WIDTH - valueWidth - 100
  for (const [label, value] of facts) {
    doc.fillColor(MUTED)
    write(doc, label, 'regular', 9, at.x(labelOffset, 96), y, 96, at.align('left'))
    doc.fillColor(INK)
    write(
      doc,
      value,
      'bold',
      9,
      at.x(CONTENT_WIDTH - valueWidth, valueWidth),
      y,
      valueWidth,
      at.align('right'),
    )
    y += 14
  }
  doc.y = Math.max(doc.y, y) + 16
  if (platform && invoice.invoice_for) {
    doc.fillColor(INK)
    const text = m.server_invoice_for({ what: isolated(invoice.invoice_for) })
    write(doc, text, 'bold', 10.5, MARGIN, doc.y, CONTENT_WIDTH, at.align('left'))
    doc.y += 10
  }
  rule(doc)
}

function drawParties(doc: PDFKit.PDFDocument, at: Layout, invoice: InvoiceView) {
  const top = doc.y + 12
  const half = CONTENT_WIDTH / 2 - 12
  // The platform sells a plan period or a Plus year to a seller or a buyer: "Seller" and "Buyer"
  // would read as the marketplace's roles, so its own invoices name the two sides plainly.
  const [from, to] =
    invoice.kind === 'platform'
      ? [m.server_invoice_supplier(), m.server_invoice_customer()]
      : [m.server_invoice_seller(), m.server_invoice_buyer()]
  const bottomStart = drawParty(doc, at, from, invoice.seller, at.x(0, half), top, half)
  const bottomEnd = drawParty(doc, at, to, invoice.buyer, at.x(CONTENT_WIDTH / 2 + 12, half), top, half)
  doc.x = MARGIN
  doc.y = Math.max(bottomStart, bottomEnd) + 16
}

/** A pickup order: where and when the buyer collects the goods, per store. */
function drawPickup(doc: PDFKit.PDFDocument, at: Layout, invoice: InvoiceView) {
  const points = invoice.pickup_points ?? []
  if (!points.length) return
  const align = at.align('left')
  doc.fillColor(MUTED)
  heading(doc, at, m.server_invoice_pickup_from(), MARGIN, doc.y, CONTENT_WIDTH)
  doc.fillColor(INK)
  for (const point of points) {
    const place = m.server_invoice_pickup_place({
      store: isolated(textInLocale(point.store, point.storeFa)),
      city: point.city,
    })
    write(doc, place, 'bold', 9.5, MARGIN, doc.y + 3, CONTENT_WIDTH, align)
    if (point.address) write(doc, point.address, 'regular', 9.5, MARGIN, doc.y + 1, CONTENT_WIDTH, align)
    if (point.hours)
      write(
        doc,
        m.server_invoice_hours({ hours: isolated(point.hours) }),
        'regular',
        9.5,
        MARGIN,
        doc.y + 1,
        CONTENT_WIDTH,
        align,
      )
  }
  doc.x = MARGIN
  doc.y += 16
}

/** A small section title: capitals with a little spacing in English, as it is in Persian. */
function heading(doc: PDFKit.PDFDocument, at: Layout, title: string, x: number, y: number, width: number) {
  if (at.rtl) write(doc, title, 'bold', 9, x, y, width, 'right')
  else
    doc.font('Helvetica-Bold').fontSize(9).text(title.toUpperCase(), x, y, { width, characterSpacing: 0.5 })
}

function drawParty(
  doc: PDFKit.PDFDocument,
  at: Layout,
  title: string,
  party: InvoicePartyView,
  x: number,
  y: number,
  width: number,
): number {
  const align = at.align('left')
  doc.fillColor(MUTED)
  heading(doc, at, title, x, y, width)
  doc.fillColor(INK)
  write(doc, party.name, 'bold', 11, x, doc.y + 3, width, align)
  if (party.national_id)
    write(
      doc,
      m.server_invoice_national_id({ id: party.national_id }),
      'regular',
      9.5,
      x,
      doc.y + 2,
      width,
      align,
    )
  if (party.phone)
    write(
      doc,
      m.server_invoice_phone({ phone: leftToRight(at, party.phone) }),
      'regular',
      9.5,
      x,
      doc.y + 2,
      width,
      align,
    )
  if (party.address) write(doc, party.address, 'regular', 9.5, x, doc.y + 2, width, align)
  return doc.y
}

function drawTableHeader(doc: PDFKit.PDFDocument, at: Layout) {
  const y = doc.y
  doc.rect(MARGIN, y, CONTENT_WIDTH, 20).fill('#f3f4f6')
  doc.fillColor(INK)
  for (const column of COLUMNS) {
    const width = column.width - 12
    write(doc, column.label(), 'bold', 9, at.x(column.x + 6, width), y + 6, width, at.align(column.align))
  }
  doc.x = MARGIN
  doc.y = y + 26
}

function drawLines(doc: PDFKit.PDFDocument, at: Layout, invoice: InvoiceView, money: (n: number) => string) {
  drawTableHeader(doc, at)
  const platform = invoice.kind === 'platform'
  for (const line of invoice.lines) {
    const item = COLUMNS[0]
    const itemWidth = item.width - 12
    const itemX = at.x(item.x + 6, itemWidth)
    const name = layoutText(
      doc,
      textInLocale(line.product_name, line.product_name_fa),
      'bold',
      9.5,
      itemWidth,
    )
    const nameHeight = name.height
    // An order's SKU line sits under the name (a plan or a Plus year has none); an offer or a
    // credit adds a second line under the prices.
    const rowHeight = Math.max(nameHeight + (platform ? 0 : 14), line.line_discount > 0 ? 24 : 0) + 8
    if (doc.y + rowHeight > PAGE.height - MARGIN - 120) {
      doc.addPage()
      drawTableHeader(doc, at)
    }
    const y = doc.y
    doc.fillColor(INK)
    drawTextBlock(doc, name, itemX, y, at.align('left'))
    doc.fillColor(MUTED)
    if (!platform) {
      const skuLine = m.server_invoice_sku_line({
        sku: isolated(line.sku),
        unit: isolated(textInLocale(line.unit, line.unit_fa)),
      })
      write(doc, skuLine, 'regular', 8.5, itemX, y + nameHeight + 2, itemWidth, at.align('left'))
    }
    const cell = (index: 1 | 2 | 3, text: string, size: number, dy = 0) => {
      const column = COLUMNS[index]
      const width = column.width - 12
      write(doc, text, 'regular', size, at.x(column.x + 6, width), y + dy, width, at.align('right'))
    }
    doc.fillColor(INK)
    cell(1, formatNumber(line.quantity), 9.5)
    cell(2, money(line.unit_price), 9.5)
    cell(3, money(line.line_subtotal), 9.5)
    if (line.line_discount > 0) {
      doc.fillColor(MUTED)
      const note = platform
        ? m.server_invoice_credit_unused()
        : m.server_invoice_offer({ price: money(line.offer_price) })
      cell(2, note, 8.5, 12)
      cell(3, `-${money(line.line_discount)}`, 8.5, 12)
      doc.fillColor(INK)
    }
    doc.x = MARGIN
    doc.y = y + rowHeight - 4
    rule(doc, 0.5)
    doc.y += 6
  }
}

function drawTotals(doc: PDFKit.PDFDocument, at: Layout, invoice: InvoiceView, money: (n: number) => string) {
  if (doc.y + 110 > PAGE.height - MARGIN) doc.addPage()
  const platform = invoice.kind === 'platform'
  const byPlus = invoice.delivery_paid_by_platform ?? 0
  const brand = constants.brand.name
  const percent = formatNumber(invoice.vat_percent)
  // A platform price includes VAT: the price and the credit (if any); the VAT in it under the total.
  const line = invoice.lines[0]
  const rows: [string, string][] = platform
    ? [
        [
          m.server_invoice_price_vat_included(),
          money(line?.line_subtotal ?? invoice.total + invoice.discount),
        ],
        ...(invoice.discount > 0
          ? [[m.server_invoice_credit_unused_row(), `-${money(invoice.discount)}`] as [string, string]]
          : []),
      ]
    : [
        [m.server_invoice_subtotal(), money(invoice.subtotal)],
        [m.server_invoice_discount(), invoice.discount > 0 ? `-${money(invoice.discount)}` : money(0)],
        [
          invoice.order.delivery_method === 'pickup'
            ? m.server_invoice_delivery_pickup()
            : byPlus > 0
              ? m.server_invoice_delivery_by_plus({ brand })
              : m.server_invoice_delivery(),
          money(invoice.delivery_fee),
        ],
        [m.server_invoice_vat({ percent }), money(invoice.vat)],
      ]
  // The totals block sits at the reading end: its labels first, the amounts at the margin.
  const labelOffset = CONTENT_WIDTH - 280
  const start = at.align('left')
  const end = at.align('right')
  let y = doc.y + 8
  doc.fillColor(INK)
  for (const [label, value] of rows) {
    write(doc, label, 'regular', 10, at.x(labelOffset, 170), y, 170, start)
    write(doc, value, 'regular', 10, at.x(labelOffset + 170, 110), y, 110, end)
    y += 16
  }
  const [ruleFrom, ruleTo] = at.rtl ? [MARGIN, MARGIN + 280] : [MARGIN + labelOffset, MARGIN + CONTENT_WIDTH]
  doc
    .moveTo(ruleFrom, y + 2)
    .lineTo(ruleTo, y + 2)
    .lineWidth(1)
    .strokeColor(INK)
    .stroke()
  y += 8
  write(doc, m.server_invoice_total(), 'bold', 12, at.x(labelOffset, 130), y, 130, start)
  write(doc, money(invoice.total), 'bold', 12, at.x(labelOffset + 110, 170), y, 170, end)
  if (platform) {
    y += 18
    doc.fillColor(MUTED)
    write(
      doc,
      m.server_invoice_includes_vat({ percent }),
      'regular',
      10,
      at.x(labelOffset, 170),
      y,
      170,
      start,
    )
    write(doc, money(invoice.vat), 'regular', 10, at.x(labelOffset + 170, 110), y, 110, end)
  }
  doc.fillColor(MUTED)
  const currency = currencyName(invoice.currency)
  const notes = [
    platform
      ? m.server_invoice_note_amounts_platform({ currency })
      : m.server_invoice_note_amounts_order({ currency }),
    platform
      ? m.server_invoice_note_issued_platform({ brand })
      : m.server_invoice_note_issued_order({ brand }),
    byPlus > 0 ? m.server_invoice_note_plus_delivery({ brand, amount: money(byPlus) }) : '',
  ]
  write(doc, notes.filter(Boolean).join(' '), 'regular', 8.5, MARGIN, y + 32, CONTENT_WIDTH, start)
}

/**
 * A phone number or code inside a right-to-left line keeps its reading order: a left-to-right mark
 * before it stops the bidi algorithm from moving a leading "+" to the number's other end.
 */
const leftToRight = (at: Layout, value: string) => (at.rtl ? `\u200e${value}` : value)

/** Draws a value that may be in Persian (see src/server/pdf/pdf-text.server.ts). */
function write(
  doc: PDFKit.PDFDocument,
  value: string,
  weight: 'regular' | 'bold',
  size: number,
  x: number,
  y: number,
  width: number,
  align: Align = 'left',
) {
  drawTextBlock(doc, layoutText(doc, value, weight, size, width), x, y, align)
}

function rule(doc: PDFKit.PDFDocument, width = 1) {
  doc
    .moveTo(MARGIN, doc.y)
    .lineTo(MARGIN + CONTENT_WIDTH, doc.y)
    .lineWidth(width)
    .strokeColor(RULE)
    .stroke()
}
