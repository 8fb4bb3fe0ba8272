import '@tanstack/react-start/server-only'
import { constants } from '#app-config'
import { formatMoney } from '~/lib/money'
import { createPdfDocument } from '~/server/pdf/pdf-document.server'
import { drawTextBlock, layoutText } from '~/server/pdf/pdf-text.server'
import type { InvoicePartyView, InvoiceView } from './invoices.types'

/**
 * The invoice as an A4 PDF (pdfkit, standard Helvetica: real text, so it can be searched, copied and
 * read by machines). It draws exactly what getInvoiceForViewer returns, like the printable page.
 */

const MARGIN = 48
const PAGE = { width: 595.28, height: 841.89 }
const CONTENT_WIDTH = PAGE.width - 2 * MARGIN
const INK = '#111827'
const MUTED = '#4b5563'
const RULE = '#d1d5db'

/** Table columns: x offset from the margin, width, alignment. */
const COLUMNS = [
  { key: 'item', label: 'Item', x: 0, width: 225, align: 'left' },
  { key: 'qty', label: 'Qty', x: 225, width: 50, align: 'right' },
  { key: 'unit', label: 'Unit price', x: 280, width: 110, align: 'right' },
  { key: 'total', label: 'Line total', x: 389, width: CONTENT_WIDTH - 389, align: 'right' },
] as const

export function invoiceFileName(invoice: Pick<InvoiceView, 'number'>): string {
  return `invoice-${invoice.number.replace(/[^A-Za-z0-9-]/g, '_')}.pdf`
}

export async function renderInvoicePdf(invoice: InvoiceView): Promise<Uint8Array<ArrayBuffer>> {
  const { doc, bytes } = createPdfDocument({
    margin: MARGIN,
    info: {
      Title: `Invoice ${invoice.number}`,
      Author: constants.brand.name,
      Subject:
        invoice.kind === 'platform'
          ? `Invoice ${invoice.number}: ${invoice.invoice_for ?? ''}`
          : `Invoice ${invoice.number} for order ${invoice.order.number}`,
    },
  })
  const money = (amount: number) => formatMoney(amount, invoice.currency)

  drawHeader(doc, invoice)
  drawParties(doc, invoice)
  drawPickup(doc, invoice)
  drawLines(doc, invoice, money)
  drawTotals(doc, invoice, money)

  doc.end()
  return bytes
}

function drawHeader(doc: PDFKit.PDFDocument, invoice: InvoiceView) {
  const top = MARGIN
  doc.fillColor(INK).font('Helvetica-Bold').fontSize(22).text(constants.brand.name, MARGIN, top)
  doc
    .font('Helvetica')
    .fontSize(10)
    .fillColor(MUTED)
    .text('Wholesale marketplace', MARGIN, top + 26)

  const right = { x: MARGIN + CONTENT_WIDTH / 2, width: CONTENT_WIDTH / 2 }
  doc
    .font('Helvetica-Bold')
    .fontSize(16)
    .fillColor(INK)
    .text('Invoice', right.x, top, { ...right, align: 'right' })
  const platform = invoice.kind === 'platform'
  const facts = [
    ['Invoice number', invoice.number],
    ['Issue date', invoice.issued_on],
    platform ? ['Purchase', invoice.order.number] : ['Order number', invoice.order.number],
  ]
  let y = top + 26
  const valueWidth = 130
  const labelX = MARGIN + CONTENT_WIDTH - valueWidth - 100
  for (const [label, value] of facts) {
    doc.font('Helvetica').fontSize(9).fillColor(MUTED).text(label!, labelX, y, { width: 96 })
    doc
      .font('Helvetica-Bold')
      .fillColor(INK)
      .text(value!, MARGIN + CONTENT_WIDTH - valueWidth, y, { width: valueWidth, align: 'right' })
    y += 14
  }
  doc.y = Math.max(doc.y, y) + 16
  if (platform && invoice.invoice_for) {
    doc.font('Helvetica-Bold').fontSize(10.5).fillColor(INK)
    doc.text(`Invoice for: ${invoice.invoice_for}`, MARGIN, doc.y, { width: CONTENT_WIDTH })
    doc.y += 10
  }
  rule(doc)
}

function drawParties(doc: PDFKit.PDFDocument, invoice: InvoiceView) {
  const top = doc.y + 12
  const half = CONTENT_WIDTH / 2 - 12
  // The platform sells a plan period or a Plus year to a seller or a buyer: "Seller" and "Buyer"
  // would read as the marketplace's roles, so its own invoices name the two sides plainly.
  const [from, to] = invoice.kind === 'platform' ? ['Supplier', 'Customer'] : ['Seller', 'Buyer']
  const bottomLeft = drawParty(doc, from, invoice.seller, MARGIN, top, half)
  const bottomRight = drawParty(doc, to, invoice.buyer, MARGIN + CONTENT_WIDTH / 2 + 12, top, half)
  doc.x = MARGIN
  doc.y = Math.max(bottomLeft, bottomRight) + 16
}

/** A pickup order: where and when the buyer collects the goods, per store. */
function drawPickup(doc: PDFKit.PDFDocument, invoice: InvoiceView) {
  const points = invoice.pickup_points ?? []
  if (!points.length) return
  doc
    .font('Helvetica-Bold')
    .fontSize(9)
    .fillColor(MUTED)
    .text('PICKUP FROM', MARGIN, doc.y, { width: CONTENT_WIDTH, characterSpacing: 0.5 })
  doc.fillColor(INK)
  for (const point of points) {
    write(doc, `${point.store}, ${point.city}`, 'bold', 9.5, MARGIN, doc.y + 3, CONTENT_WIDTH)
    if (point.address) write(doc, point.address, 'regular', 9.5, MARGIN, doc.y + 1, CONTENT_WIDTH)
    if (point.hours) write(doc, `Hours: ${point.hours}`, 'regular', 9.5, MARGIN, doc.y + 1, CONTENT_WIDTH)
  }
  doc.x = MARGIN
  doc.y += 16
}

function drawParty(
  doc: PDFKit.PDFDocument,
  title: string,
  party: InvoicePartyView,
  x: number,
  y: number,
  width: number,
): number {
  doc
    .font('Helvetica-Bold')
    .fontSize(9)
    .fillColor(MUTED)
    .text(title.toUpperCase(), x, y, { width, characterSpacing: 0.5 })
  doc.fillColor(INK)
  write(doc, party.name, 'bold', 11, x, doc.y + 3, width)
  if (party.national_id) write(doc, `National ID: ${party.national_id}`, 'regular', 9.5, x, doc.y + 2, width)
  if (party.phone) write(doc, `Phone: ${party.phone}`, 'regular', 9.5, x, doc.y + 2, width)
  if (party.address) write(doc, party.address, 'regular', 9.5, x, doc.y + 2, width)
  return doc.y
}

function drawTableHeader(doc: PDFKit.PDFDocument) {
  const y = doc.y
  doc.rect(MARGIN, y, CONTENT_WIDTH, 20).fill('#f3f4f6')
  doc.font('Helvetica-Bold').fontSize(9).fillColor(INK)
  for (const column of COLUMNS) {
    doc.text(column.label, MARGIN + column.x + 6, y + 6, { width: column.width - 12, align: column.align })
  }
  doc.x = MARGIN
  doc.y = y + 26
}

function drawLines(doc: PDFKit.PDFDocument, invoice: InvoiceView, money: (n: number) => string) {
  drawTableHeader(doc)
  const platform = invoice.kind === 'platform'
  for (const line of invoice.lines) {
    const item = COLUMNS[0]
    const name = layoutText(doc, line.product_name, 'bold', 9.5, item.width - 12)
    const nameHeight = name.height
    // An order's SKU line sits under the name (a plan or a Plus year has none); an offer or a
    // credit adds a second line under the prices.
    const rowHeight = Math.max(nameHeight + (platform ? 0 : 14), line.line_discount > 0 ? 24 : 0) + 8
    if (doc.y + rowHeight > PAGE.height - MARGIN - 120) {
      doc.addPage()
      drawTableHeader(doc)
    }
    const y = doc.y
    doc.fillColor(INK)
    drawTextBlock(doc, name, MARGIN + item.x + 6, y)
    doc.fillColor(MUTED)
    if (!platform)
      write(
        doc,
        `SKU ${line.sku} · ${line.unit}`,
        'regular',
        8.5,
        MARGIN + item.x + 6,
        y + nameHeight + 2,
        item.width - 12,
      )
    doc.font('Helvetica').fontSize(9.5).fillColor(INK)
    const cell = (index: 1 | 2 | 3, text: string, dy = 0) => {
      const column = COLUMNS[index]
      doc.text(text, MARGIN + column.x + 6, y + dy, { width: column.width - 12, align: 'right' })
    }
    cell(1, String(line.quantity))
    cell(2, money(line.unit_price))
    cell(3, money(line.line_subtotal))
    if (line.line_discount > 0) {
      doc.fillColor(MUTED).fontSize(8.5)
      cell(2, platform ? 'credit for unused days' : `offer ${money(line.offer_price)}`, 12)
      cell(3, `-${money(line.line_discount)}`, 12)
      doc.fillColor(INK).fontSize(9.5)
    }
    doc.x = MARGIN
    doc.y = y + rowHeight - 4
    rule(doc, 0.5)
    doc.y += 6
  }
}

function drawTotals(doc: PDFKit.PDFDocument, invoice: InvoiceView, money: (n: number) => string) {
  if (doc.y + 110 > PAGE.height - MARGIN) doc.addPage()
  const platform = invoice.kind === 'platform'
  const byPlus = invoice.delivery_paid_by_platform ?? 0
  // A platform price includes VAT: the price and the credit (if any); the VAT in it under the total.
  const line = invoice.lines[0]
  const rows: [string, string][] = platform
    ? [
        ['Price (VAT included)', money(line?.line_subtotal ?? invoice.total + invoice.discount)],
        ...(invoice.discount > 0
          ? [['Credit for unused days', `-${money(invoice.discount)}`] as [string, string]]
          : []),
      ]
    : [
        ['Subtotal', money(invoice.subtotal)],
        ['Discount', invoice.discount > 0 ? `-${money(invoice.discount)}` : money(0)],
        [
          invoice.order.delivery_method === 'pickup'
            ? 'Delivery (pickup)'
            : byPlus > 0
              ? `Delivery — paid by ${constants.brand.name} Plus`
              : 'Delivery',
          money(invoice.delivery_fee),
        ],
        [`VAT (${invoice.vat_percent}%)`, money(invoice.vat)],
      ]
  const labelX = MARGIN + CONTENT_WIDTH - 280
  let y = doc.y + 8
  doc.font('Helvetica').fontSize(10).fillColor(INK)
  for (const [label, value] of rows) {
    doc.text(label, labelX, y, { width: 170 })
    doc.text(value, labelX + 170, y, { width: 110, align: 'right' })
    y += 16
  }
  doc
    .moveTo(labelX, y + 2)
    .lineTo(MARGIN + CONTENT_WIDTH, y + 2)
    .lineWidth(1)
    .strokeColor(INK)
    .stroke()
  y += 8
  doc.font('Helvetica-Bold').fontSize(12)
  doc.text('Total', labelX, y, { width: 130 })
  doc.text(money(invoice.total), labelX + 110, y, { width: 170, align: 'right' })
  if (platform) {
    y += 18
    doc.font('Helvetica').fontSize(10).fillColor(MUTED)
    doc.text(`Includes VAT (${invoice.vat_percent}%)`, labelX, y, { width: 170 })
    doc.text(money(invoice.vat), labelX + 170, y, { width: 110, align: 'right' })
  }
  doc.font('Helvetica').fontSize(8.5).fillColor(MUTED)
  const notes = [
    platform
      ? `Amounts in ${invoice.currency}. Prices include VAT.`
      : `Amounts in ${invoice.currency}. VAT is included in the total.`,
    platform
      ? `Issued by ${constants.brand.name}.`
      : `Issued by ${constants.brand.name} on behalf of the seller.`,
    byPlus > 0
      ? `Delivery — paid by ${constants.brand.name} Plus: ${money(byPlus)}, paid to the seller by ${constants.brand.name}, not part of this total.`
      : '',
  ]
  doc.text(notes.filter(Boolean).join(' '), MARGIN, y + 32, { width: CONTENT_WIDTH })
}

/** Draws a value that may be in Persian (see src/server/pdf/pdf-text.server.ts). */
function write(
  doc: PDFKit.PDFDocument,
  value: string,
  weight: 'regular' | 'bold',
  size: number,
  x: number,
  y: number,
  width: number,
) {
  drawTextBlock(doc, layoutText(doc, value, weight, size, width), x, y)
}

function rule(doc: PDFKit.PDFDocument, width = 1) {
  doc
    .moveTo(MARGIN, doc.y)
    .lineTo(MARGIN + CONTENT_WIDTH, doc.y)
    .lineWidth(width)
    .strokeColor(RULE)
    .stroke()
}
