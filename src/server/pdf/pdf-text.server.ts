import '@tanstack/react-start/server-only'
import bidiFactory from 'bidi-js'
import { stripBidiControls } from '~/lib/bidi-controls'
// The fonts travel inside the server bundle (base64), so the production build needs no font files.
import vazirmatnBold from 'vazirmatn/fonts/ttf/Vazirmatn-Bold.ttf?inline'
import vazirmatnRegular from 'vazirmatn/fonts/ttf/Vazirmatn-Regular.ttf?inline'

/**
 * Text for the app's PDFs (invoices, magazine line sheets) in any script people type here. Latin text keeps pdfkit's Helvetica (real,
 * extractable text, nothing embedded). Text with Persian/Arabic letters uses Vazirmatn, and is
 * handed to pdfkit so that its font engine (fontkit), which shapes Arabic-script text and lays a
 * right-to-left line out reversed as a whole, ends with the Unicode bidi algorithm's visual order:
 * we give it the reverse of the visual order, so left-to-right pieces (digits, Latin words) inside a
 * right-to-left line come out the right way round.
 */

const ARABIC_SCRIPT = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/

const bidi = bidiFactory()

/**
 * Stored text may hold bidi overrides from before they were refused at input (issue #35): every
 * value drawn loses them here, so "\u202Egpj.exe" prints as "gpj.exe", never as "exe.jpg". People's
 * text inside one of our sentences (a seller's name in "By ...") is marked with `isolated`, and
 * becomes a first-strong isolate (FSI ... PDI): its own direction, unable to reorder the sentence
 * around it. The marks are private-use characters, so a control in the stored text cannot pose as
 * one: controls are stripped before the marks become isolates.
 */
const ISOLATE_START = '\uE000'
const ISOLATE_END = '\uE001'
const ISOLATE_MARKS = /[\uE000\uE001]/g
const ISOLATES = /[\u2068\u2069]/g

/** People's text to be placed inside a sentence of a PDF: laid out as an isolated run. */
export function isolated(value: string): string {
  return `${ISOLATE_START}${value.replace(ISOLATE_MARKS, '')}${ISOLATE_END}`
}

/** The value as the bidi algorithm should see it: no stored controls, our isolates in place. */
function bidiReady(value: string): string {
  return stripBidiControls(value).replaceAll(ISOLATE_START, '\u2068').replaceAll(ISOLATE_END, '\u2069')
}

export const PDF_FONTS = {
  regular: 'Helvetica',
  bold: 'Helvetica-Bold',
  rtlRegular: 'Vazirmatn',
  rtlBold: 'Vazirmatn-Bold',
} as const

const fontBytes = (dataUrl: string) => Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64')

/** Registers the Persian-capable fonts on a document (once per document). */
export function registerPdfFonts(doc: PDFKit.PDFDocument): void {
  doc.registerFont(PDF_FONTS.rtlRegular, fontBytes(vazirmatnRegular))
  doc.registerFont(PDF_FONTS.rtlBold, fontBytes(vazirmatnBold))
}

type Direction = 'ltr' | 'rtl'

/** A value laid out in lines no wider than `width`, ready to draw with drawTextBlock. */
export interface PdfTextBlock {
  font: string
  /** Latin text: one string pdfkit wraps itself. Persian: lines already in visual order. */
  plain: string | null
  lines: string[]
  size: number
  lineHeight: number
  height: number
  width: number
}

const ARABIC_RUN =
  /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]+(?:[\s\u200c]+[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]+)*/g

/**
 * A visual-order line as pieces pdfkit can draw one after another: fontkit shapes an Arabic-script
 * piece and lays it out reversed, so such a piece is handed over reversed (back in reading order);
 * other pieces (Latin, ASCII digits, punctuation) are drawn as they are.
 */
function pieces(visual: string): string[] {
  const out: string[] = []
  let last = 0
  for (const match of visual.matchAll(ARABIC_RUN)) {
    if (match.index > last) out.push(visual.slice(last, match.index))
    out.push([...match[0]].reverse().join(''))
    last = match.index + match[0].length
  }
  if (last < visual.length) out.push(visual.slice(last))
  return out
}

/** A logical line in visual order; the isolates have done their work and are not drawn. */
const visualLine = (value: string, direction: Direction) =>
  visualOrder(value, bidi.getEmbeddingLevels(value, direction)).replace(ISOLATES, '')

/**
 * Wraps a value into lines. Latin text is left to pdfkit; text with Persian is wrapped here, in
 * logical order, so that each line gets its own bidi reordering (pdfkit would otherwise wrap the
 * reordered string and scatter a sentence over the lines back to front).
 */
export function layoutText(
  doc: PDFKit.PDFDocument,
  value: string,
  weight: 'regular' | 'bold',
  size: number,
  width: number,
): PdfTextBlock {
  value = bidiReady(value)
  if (!ARABIC_SCRIPT.test(value)) {
    value = value.replace(ISOLATES, '')
    const font = PDF_FONTS[weight]
    doc.font(font).fontSize(size)
    const height = doc.heightOfString(value, { width })
    return { font, plain: value, lines: [], size, lineHeight: height, height, width }
  }
  const font = weight === 'bold' ? PDF_FONTS.rtlBold : PDF_FONTS.rtlRegular
  const direction: Direction = (bidi.getEmbeddingLevels(value).paragraphs[0]?.level ?? 0) % 2 ? 'rtl' : 'ltr'
  doc.font(font).fontSize(size)
  const measure = (line: string) =>
    pieces(visualLine(line, direction)).reduce(
      (sum, piece) => sum + doc.widthOfString(piece, { features: [] }),
      0,
    )
  const lines: string[] = []
  let current = ''
  for (const word of value.split(/(?<=\s)/)) {
    if (current.trim() && measure((current + word).trimEnd()) > width) {
      lines.push(current.trimEnd())
      current = word
    } else current += word
  }
  if (current.trim()) lines.push(current.trimEnd())
  const lineHeight = doc.currentLineHeight(true)
  return {
    font,
    plain: null,
    lines: lines.map((line) => visualLine(line, direction)),
    size,
    lineHeight,
    height: lines.length * lineHeight,
    width,
  }
}

/**
 * Draws a block from layoutText at (x, y) and leaves the cursor under it. `align` places each line
 * inside the block's width (Persian lines are drawn piece by piece, so pdfkit cannot align them).
 */
export function drawTextBlock(
  doc: PDFKit.PDFDocument,
  block: PdfTextBlock,
  x: number,
  y: number,
  align: 'left' | 'right' | 'center' = 'left',
): void {
  doc.font(block.font).fontSize(block.size)
  if (block.plain !== null) {
    doc.text(block.plain, x, y, { width: block.width, align })
    return
  }
  let lineY = y
  for (const line of block.lines) {
    const lineWidth = pieces(line).reduce((sum, piece) => sum + doc.widthOfString(piece, { features: [] }), 0)
    const free = Math.max(0, block.width - lineWidth)
    let pieceX = align === 'right' ? x + free : align === 'center' ? x + free / 2 : x
    for (const piece of pieces(line)) {
      doc.text(piece, pieceX, lineY, { lineBreak: false, features: [] })
      pieceX += doc.widthOfString(piece, { features: [] })
    }
    lineY += block.lineHeight
  }
  doc.x = x
  doc.y = lineY
}

function visualOrder(value: string, levels: ReturnType<typeof bidi.getEmbeddingLevels>): string {
  const chars = [...value]
  // bidi-js works on UTF-16 indices; Persian and Latin text has no surrogate pairs to split.
  if (chars.length !== value.length) return value
  const mirrored = bidi.getMirroredCharactersMap(value, levels.levels)
  const out = chars.map((c, i) => mirrored.get(i) ?? c)
  for (const [start = 0, end = -1] of bidi.getReorderSegments(value, levels)) {
    const reversed = out.slice(start, end + 1).reverse()
    out.splice(start, reversed.length, ...reversed)
  }
  return out.join('')
}
