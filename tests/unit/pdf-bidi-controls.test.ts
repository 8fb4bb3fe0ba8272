import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { renderInvoicePdf } from '~/features/orders/invoice-pdf.server'
import type { InvoiceView } from '~/features/payments/invoices.types'
import { createPdfDocument } from '~/server/pdf/pdf-document.server'
import { isolated, layoutText } from '~/server/pdf/pdf-text.server'

/** Issue #35: a bidi override kept in stored text must not reorder what a PDF prints. */

const SPOOF = '\u202Egpj.exe'
const CONTROLS = /[\u202A-\u202E\u2066-\u2069\uE000\uE001]/
/** pdftotext marks the right-to-left runs it finds with U+202B ... U+202C itself. */
const DRAWN_CONTROLS = /[\u202A\u202D\u202E\u2066-\u2069\uE000\uE001]/

function pdfText(bytes: Uint8Array): string {
  const dir = mkdtempSync(join(tmpdir(), 'bidi-pdf-'))
  try {
    writeFileSync(join(dir, 'doc.pdf'), bytes)
    return execFileSync('pdftotext', ['-layout', join(dir, 'doc.pdf'), '-'], { encoding: 'utf8' })
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

const party = { national_id: null, phone: '+989121234567', address: 'Tehran' }
const line = {
  product_name: `Holiday photo ${SPOOF}`,
  product_name_fa: null,
  sku: 'PHOTO-1',
  unit: 'piece',
  unit_fa: null,
  quantity: 1,
  unit_price: 1000,
  offer_price: 0,
  line_subtotal: 1000,
  line_discount: 0,
  line_total: 1000,
}
const invoice: InvoiceView = {
  id: 1,
  number: 'INV-1-000001',
  issued_on: '2026-11-20',
  issued_at: '2026-11-20T08:00:00.000Z',
  order: { id: 1, number: 'OM-ABCD', status: 'paid', delivery_method: 'seller_delivery' },
  seller: { ...party, name: `Acme ${SPOOF}` },
  buyer: { ...party, name: `سارا کریمی ${SPOOF}` },
  lines: [line, { ...line, product_name: `چای سبز ${SPOOF}`, sku: 'TEA-1' }],
  currency: 'IRR',
  subtotal: 2000,
  discount: 0,
  delivery_fee: 0,
  vat_percent: 0,
  vat: 0,
  total: 2000,
  viewer_role: 'buyer',
}

describe('PDF text with stored bidi controls', () => {
  it.skipIf(!existsSync('/usr/bin/pdftotext'))(
    'an invoice prints "\\u202Egpj.exe" in Persian and Latin names as gpj.exe, never exe.jpg',
    async () => {
      const text = pdfText(await renderInvoicePdf(invoice))
      expect(text).toContain('Holiday photo gpj.exe')
      expect(text).toContain('Acme gpj.exe')
      expect(text.match(/gpj\.exe/g)?.length).toBe(4)
      expect(text).toContain('سارا کریمی')
      expect(text).toContain('چای سبز')
      expect(text).not.toContain('exe.jpg')
      expect(text).not.toMatch(DRAWN_CONTROLS)
    },
  )

  it('lays out no control, and keeps an override from reordering Persian or Latin text', () => {
    const { doc } = createPdfDocument({})
    const persian = layoutText(doc, `سارا ${SPOOF}`, 'regular', 10, 400)
    expect(persian.lines.join('')).toContain('gpj.exe')
    expect(persian.lines.join('')).not.toMatch(CONTROLS)
    expect(layoutText(doc, `Photo ${SPOOF}`, 'regular', 10, 400).plain).toBe('Photo gpj.exe')
    doc.end()
  })

  it("places people's text in a sentence as an isolated run", () => {
    const { doc } = createPdfDocument({})
    // "By Acme!" in Persian: the seller's "!" stays with the name instead of moving to the
    // sentence's far end, and a control in the name cannot reach the words around it.
    const sentence = (seller: string) => layoutText(doc, `از ${seller} خرید کنید`, 'regular', 10, 400)
    expect(sentence('Acme!').lines[0]).toContain('!Acme') // the sentence pulls the "!" away...
    expect(sentence(isolated('Acme!')).lines[0]).toContain('Acme!') // ...the isolate keeps it
    const guarded = sentence(isolated('\u202BAcme\u2066')).lines.join('')
    expect(guarded).toContain('Acme')
    expect(guarded).not.toMatch(CONTROLS)
    doc.end()
  })
})
