import '@tanstack/react-start/server-only'
import PDFDocument from 'pdfkit'
import { registerPdfFonts } from './pdf-text.server'

/**
 * A new A4 document with the Persian-capable fonts registered, and the promise of its bytes once
 * `doc.end()` is called. Every PDF the app makes starts here (invoices, magazine line sheets).
 */
export function createPdfDocument(options: PDFKit.PDFDocumentOptions): {
  doc: PDFKit.PDFDocument
  bytes: Promise<Uint8Array<ArrayBuffer>>
} {
  const doc = new PDFDocument({ size: 'A4', ...options })
  const chunks: Buffer[] = []
  const bytes = new Promise<Uint8Array<ArrayBuffer>>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk))
    doc.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))))
    doc.on('error', reject)
  })
  registerPdfFonts(doc)
  return { doc, bytes }
}
