import '@tanstack/react-start/server-only'
import { resolve } from 'node:path'
import sharp from 'sharp'
import { constants } from '#app-config'
import { stripBidiControls } from '~/lib/bidi-controls'
import { currentLocale } from '~/lib/i18n'
import { m } from '~/lib/messages'
import { formatMoney, formatNumber } from '~/lib/money'
import { formatTehranDateTime } from '~/lib/tehran-time'
import { readImageSource, resolveImageSource } from '~/server/images/image-service.server'
import { createPdfDocument } from '~/server/pdf/pdf-document.server'
import { drawTextBlock, isolated, layoutText } from '~/server/pdf/pdf-text.server'
import type { MediaStorage } from '~/server/providers/storage/storage.server'
import type { LineSheetSource } from './magazine-line-sheet.server'
import type { PublicItem } from './magazines.schemas'

/**
 * The magazine as an A4 line sheet: a cover (the cover image, the seller's logo and contact, the
 * magazine's link), then each magazine page's items as cards (photo, name, brand and unit, SKU,
 * MOQ, the price tiers, stock state, the seller's note). Every page's footer says which moment the
 * prices are from and where the live magazine is. Loaded only when a sheet is drawn (pdfkit, sharp
 * and the fonts stay out of the server's start-up). In Persian the words, digits and dates are the
 * page's (Jalali, Tehran time) and the whole layout is mirrored, like the invoice's.
 */

const MARGIN = 40
const PAGE = { width: 595.28, height: 841.89 }
const CONTENT_WIDTH = PAGE.width - 2 * MARGIN
const FOOTER_HEIGHT = 34
const BOTTOM = PAGE.height - MARGIN - FOOTER_HEIGHT
const INK = '#111827'
const MUTED = '#4b5563'
const RULE = '#d1d5db'
const ACCENT = '#b45309'
const GAP = 14
const PHOTO = 84

export interface LineSheetOptions {
  storage: MediaStorage
  /** The export moment: "Prices as of" on every page. */
  at: Date
  /** The public site's origin, for the magazine's link. */
  siteUrl: string
  currency: string
}

type Images = Map<string, Buffer>

/** An image as JPEG (white under transparency) no larger than `size`, or null when it cannot be read. */
async function jpegOf(url: string, storage: MediaStorage, size: number): Promise<Buffer | null> {
  // Only the app's own media and public files: a line sheet never fetches a remote URL.
  const source = resolveImageSource(url, '')
  if (!source) return null
  try {
    const original = await readImageSource(source, {
      media: storage,
      publicDirs: [resolve('public'), resolve('.output/public')],
    })
    return await sharp(original, { limitInputPixels: 50_000_000 })
      .rotate()
      .resize({ width: size, height: size, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 82 })
      .toBuffer()
  } catch {
    return null
  }
}

async function loadImages(source: LineSheetSource, storage: MediaStorage): Promise<Images> {
  const wanted = new Map<string, number>()
  if (source.magazine.cover) wanted.set(source.magazine.cover, 1000)
  if (source.logo) wanted.set(source.logo, 200)
  for (const page of source.magazine.pages)
    for (const item of page.items) if (item.image && !wanted.has(item.image)) wanted.set(item.image, 300)
  const images: Images = new Map()
  for (const [url, size] of wanted) {
    const jpeg = await jpegOf(url, storage, size)
    if (jpeg) images.set(url, jpeg)
  }
  return images
}

export function lineSheetFileName(identify: string): string {
  return `${identify.replace(/[^A-Za-z0-9-]/g, '_')}-line-sheet.pdf`
}

export async function renderLineSheetPdf(
  source: LineSheetSource,
  options: LineSheetOptions,
): Promise<Uint8Array<ArrayBuffer>> {
  const { magazine } = source
  const images = await loadImages(source, options.storage)
  const link = `${options.siteUrl}/magazine/${magazine.identify}`
  const rtl = currentLocale() === 'fa'
  const at = layoutFor(rtl)
  const { doc, bytes } = createPdfDocument({
    margin: MARGIN,
    lang: rtl ? 'fa-IR' : 'en-GB',
    info: {
      Title: m.magazines_pdf_title({ title: stripBidiControls(magazine.title) }),
      Author: stripBidiControls(magazine.seller.name),
      Subject: m.magazines_pdf_subject({
        title: stripBidiControls(magazine.title),
        seller: stripBidiControls(magazine.seller.name),
        brand: constants.brand.name,
      }),
    },
  })
  const footer = m.magazines_pdf_prices_as_of({ time: formatTehranDateTime(options.at) })
  let pageNumber = 0
  const drawFooter = () => {
    pageNumber++
    const { x, y } = doc
    const bottom = doc.page.margins.bottom
    doc.page.margins.bottom = 0
    const top = PAGE.height - MARGIN - FOOTER_HEIGHT + 12
    doc
      .moveTo(MARGIN, top)
      .lineTo(MARGIN + CONTENT_WIDTH, top)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke()
    const half = CONTENT_WIDTH / 2
    doc.fillColor(INK)
    write(doc, footer, 'bold', 8.5, at.x(0, half), top + 7, half, at.align('left'))
    doc.fillColor(MUTED)
    write(doc, formatNumber(pageNumber), 'regular', 8, at.x(half, half), top + 7, half, at.align('right'))
    // The link stays left to right (an address), after the page number's side.
    const numberWidth = doc.widthOfString(`${formatNumber(pageNumber)}  ·  `) + 8
    doc.font('Helvetica').fontSize(8)
    const linkWidth = Math.min(half - numberWidth, doc.widthOfString(link) + 1)
    doc.text(link, rtl ? MARGIN + numberWidth : MARGIN + CONTENT_WIDTH - numberWidth - linkWidth, top + 7, {
      width: linkWidth,
      lineBreak: false,
      link,
    })
    doc.page.margins.bottom = bottom
    doc.x = x
    doc.y = y
    doc.fillColor(INK)
  }
  doc.on('pageAdded', drawFooter)
  drawFooter()

  drawCover(doc, at, source, images, link)
  magazine.pages.forEach((page, index) => {
    const title = page.title || m.magazines_page_fallback({ number: formatNumber(index + 1) })
    doc.addPage()
    drawPageHeader(doc, at, source, title, index + 1)
    drawItems(doc, at, page.items, page.layout === 'hero' ? 1 : 2, images, options.currency, () =>
      drawPageHeader(doc, at, source, m.magazines_pdf_continued({ title: isolated(title) }), index + 1),
    )
  })
  doc.end()
  return bytes
}

type Doc = PDFKit.PDFDocument
type Align = 'left' | 'right' | 'center'

/**
 * Where things go: positions are written for left to right (an offset from the start of a box and
 * a width) and mirrored for a right-to-left sheet, as are alignments.
 */
interface Layout {
  rtl: boolean
  /** The x of a box `offset` from the start of the content, `width` wide. */
  x(offset: number, width: number): number
  /** The x of a box `offset` from the start of an outer box at `left`, `outer` wide. */
  within(left: number, outer: number, offset: number, width: number): number
  align(align: Align): Align
}

const layoutFor = (rtl: boolean): Layout => ({
  rtl,
  x: (offset, width) => (rtl ? MARGIN + CONTENT_WIDTH - offset - width : MARGIN + offset),
  within: (left, outer, offset, width) => (rtl ? left + outer - offset - width : left + offset),
  align: (align) => (rtl ? (align === 'left' ? 'right' : align === 'right' ? 'left' : align) : align),
})

/** Draws a value (Latin or Persian) at (x, y) in `width`, aligned as asked. */
function write(
  doc: Doc,
  value: string,
  weight: 'regular' | 'bold',
  size: number,
  x: number,
  y: number,
  width: number,
  align: Align,
): number {
  const block = layoutText(doc, value, weight, size, width)
  drawTextBlock(doc, block, x, y, align)
  return y + block.height
}

function drawCover(doc: Doc, at: Layout, source: LineSheetSource, images: Images, link: string) {
  const { magazine, seller } = source
  const start = at.align('left')
  let y = MARGIN
  const logo = source.logo ? images.get(source.logo) : undefined
  const textOffset = logo ? 60 : 0
  if (logo) doc.image(logo, at.x(0, 48), y, { fit: [48, 48], align: 'center', valign: 'center' })
  const textWidth = CONTENT_WIDTH - textOffset - 160
  doc.fillColor(INK)
  let after = write(doc, seller.name, 'bold', 13, at.x(textOffset, textWidth), y, textWidth, start)
  doc.fillColor(MUTED)
  after = write(
    doc,
    // A left-to-right mark keeps the phone's leading + in place inside a Persian line.
    m.magazines_pdf_phone({ phone: at.rtl ? `\u200e${seller.phone}` : seller.phone }),
    'regular',
    9,
    at.x(textOffset, 240),
    after + 2,
    240,
    start,
  )
  after = write(
    doc,
    [seller.address, seller.city].filter(Boolean).join(m.magazines_list_separator()),
    'regular',
    9,
    at.x(textOffset, 300),
    after + 1,
    300,
    start,
  )
  doc.fillColor(ACCENT)
  write(doc, m.magazines_pdf_line_sheet(), 'bold', 9, at.x(CONTENT_WIDTH - 150, 150), y, 150, at.align('right'))
  y = Math.max(after, MARGIN + 56) + 14

  const cover = magazine.cover ? images.get(magazine.cover) : undefined
  const coverHeight = cover ? 380 : 0
  if (cover) {
    doc.rect(MARGIN, y, CONTENT_WIDTH, coverHeight).fill('#f5f5f4')
    doc.image(cover, MARGIN, y, { fit: [CONTENT_WIDTH, coverHeight], align: 'center', valign: 'center' })
    y += coverHeight + 20
  } else {
    y += 60
  }
  if (magazine.season) {
    doc.fillColor(ACCENT)
    y = write(doc, magazine.season, 'bold', 11, MARGIN, y, CONTENT_WIDTH, start) + 4
  }
  doc.fillColor(INK)
  y = write(doc, magazine.title, 'bold', 26, MARGIN, y, CONTENT_WIDTH, start) + 6
  doc.fillColor(MUTED)
  y =
    write(
      doc,
      m.magazines_by_seller({ seller: isolated(magazine.seller.name) }),
      'regular',
      11,
      MARGIN,
      y,
      CONTENT_WIDTH,
      start,
    ) + 8
  if (magazine.description) {
    const description = layoutText(doc, magazine.description, 'regular', 10.5, CONTENT_WIDTH)
    // A long description is cut to what fits above the footer.
    const room = Math.max(0, Math.floor((BOTTOM - 90 - y) / description.lineHeight))
    if (description.plain === null) description.lines = description.lines.slice(0, room)
    doc.fillColor(INK)
    if (description.plain === null) drawTextBlock(doc, description, MARGIN, y, start)
    else
      doc
        .font(description.font)
        .fontSize(10.5)
        .text(description.plain, MARGIN, y, {
          width: CONTENT_WIDTH,
          height: room * description.lineHeight,
          ellipsis: true,
          align: start,
        })
    y = doc.y + 10
  }
  if (magazine.cutoffAt) {
    const closed = magazine.expired
    doc.fillColor(closed ? ACCENT : INK)
    const time = formatTehranDateTime(magazine.cutoffAt)
    const text = closed ? m.magazines_pdf_closed({ time }) : m.magazines_order_by({ time })
    y = write(doc, text, 'bold', 10, MARGIN, y, CONTENT_WIDTH, start) + 4
  }
  const items = magazine.pages.reduce((n, p) => n + p.items.length, 0)
  const pages = magazine.pages.length
  doc.fillColor(MUTED)
  const summary = [
    m.magazines_pdf_pages({ count: pages, countText: formatNumber(pages) }),
    m.magazines_item_count({ count: items, countText: formatNumber(items) }),
    m.magazines_pdf_live_at(),
  ].join(' · ')
  y = write(doc, summary, 'regular', 9.5, MARGIN, y + 4, CONTENT_WIDTH, start) + 2
  doc.font('Helvetica-Bold').fontSize(11).fillColor('#1d4ed8').text(link, MARGIN, y, {
    width: CONTENT_WIDTH,
    link,
    underline: true,
    align: start,
  })
  doc.fillColor(INK)
}

function drawPageHeader(doc: Doc, at: Layout, source: LineSheetSource, title: string, number: number) {
  const y = MARGIN
  const start = at.align('left')
  doc.fillColor(MUTED)
  write(
    doc,
    `${source.magazine.title} · ${source.seller.name}`,
    'regular',
    8.5,
    MARGIN,
    y,
    CONTENT_WIDTH,
    start,
  )
  doc.fillColor(INK)
  write(doc, `${formatNumber(number)}.`, 'bold', 15, at.x(0, 24), y + 16, 24, start)
  const after = write(doc, title, 'bold', 15, at.x(24, CONTENT_WIDTH - 24), y + 16, CONTENT_WIDTH - 24, start)
  doc
    .moveTo(MARGIN, after + 6)
    .lineTo(MARGIN + CONTENT_WIDTH, after + 6)
    .lineWidth(1)
    .strokeColor(RULE)
    .stroke()
  doc.x = MARGIN
  doc.y = after + 16
}

function stockLine(item: PublicItem): { text: string; color: string } {
  if (!item.onOffer) return { text: m.magazines_pdf_not_on_offer(), color: MUTED }
  if (!item.inStock) return { text: m.magazines_reason_out_of_stock(), color: '#b91c1c' }
  return {
    text: item.alwaysAvailable ? m.magazines_always_available() : m.magazines_pdf_in_stock(),
    color: '#15803d',
  }
}

/** The item cards, `columns` to a row (from the start side); a row that does not fit starts a new PDF page. */
function drawItems(
  doc: Doc,
  at: Layout,
  items: PublicItem[],
  columns: 1 | 2,
  images: Images,
  currency: string,
  continued: () => void,
) {
  const width = (CONTENT_WIDTH - GAP * (columns - 1)) / columns
  for (let start = 0; start < items.length; start += columns) {
    const row = items.slice(start, start + columns)
    const height = Math.max(...row.map((item) => cardHeight(doc, item, width)))
    if (doc.y + height > BOTTOM) {
      doc.addPage()
      continued()
    }
    const y = doc.y
    row.forEach((item, i) =>
      drawCard(doc, at, item, at.x(i * (width + GAP), width), y, width, height, images, currency),
    )
    doc.x = MARGIN
    doc.y = y + height + GAP
  }
}

const TIER_ROW = 12

function cardParts(doc: Doc, item: PublicItem, width: number) {
  const textWidth = width - PHOTO - 24
  const name = layoutText(doc, item.name, 'bold', 10.5, textWidth)
  const details = layoutText(
    doc,
    [item.brand, item.unit].filter(Boolean).join(' · '),
    'regular',
    8.5,
    textWidth,
  )
  const note = item.note ? layoutText(doc, item.note, 'regular', 8.5, width - 16) : null
  return { textWidth, name, details, note }
}

function cardHeight(doc: Doc, item: PublicItem, width: number): number {
  const { name, details, note } = cardParts(doc, item, width)
  const top = Math.max(PHOTO, name.height + details.height + 34)
  const tiers = Math.max(1, item.tiers.length) * TIER_ROW + 18
  return 8 + top + 8 + tiers + (note ? note.height + 6 : 0) + 16
}

function drawCard(
  doc: Doc,
  at: Layout,
  item: PublicItem,
  x: number,
  y: number,
  width: number,
  height: number,
  images: Images,
  currency: string,
) {
  const money = (amount: number) => formatMoney(amount, currency)
  const start = at.align('left')
  const end = at.align('right')
  /** A box inside the card, `offset` from its start side. */
  const bx = (offset: number, w: number) => at.within(x, width, offset, w)
  doc.roundedRect(x, y, width, height, 6).lineWidth(0.75).strokeColor(RULE).stroke()
  const top = y + 8
  const photo = item.image ? images.get(item.image) : undefined
  doc.rect(bx(8, PHOTO), top, PHOTO, PHOTO).fill('#f5f5f4')
  if (photo) doc.image(photo, bx(8, PHOTO), top, { fit: [PHOTO, PHOTO], align: 'center', valign: 'center' })
  const { textWidth, name, details, note } = cardParts(doc, item, width)
  const textX = bx(8 + PHOTO + 8, textWidth)
  doc.fillColor(INK)
  drawTextBlock(doc, name, textX, top, start)
  doc.fillColor(MUTED)
  drawTextBlock(doc, details, textX, top + name.height + 2, start)
  let ty = top + name.height + details.height + 4
  // The code itself stays left to right inside the label.
  write(doc, m.magazines_pdf_sku({ sku: isolated(item.sku) }), 'regular', 8.5, textX, ty, textWidth, start)
  ty += 11
  doc.fillColor(INK)
  write(
    doc,
    m.magazines_pdf_moq({ count: formatNumber(item.minQuantity) }),
    'bold',
    9,
    textX,
    ty,
    textWidth,
    start,
  )
  const stock = stockLine(item)
  doc.fillColor(stock.color)
  write(doc, stock.text, 'regular', 8.5, textX, ty, textWidth, end)

  let by = top + Math.max(PHOTO, name.height + details.height + 34) + 8
  const priceWidth = (width - 16 - 70) / 2
  const col = {
    qty: bx(8 + 4, 66),
    price: bx(8 + 70, priceWidth - 4),
    offer: bx(8 + 70 + priceWidth, priceWidth - 4),
  }
  doc.rect(x + 8, by, width - 16, 14).fill('#f3f4f6')
  doc.fillColor(MUTED)
  write(doc, m.magazines_pdf_col_qty(), 'bold', 7.5, col.qty, by + 3, 66, start)
  write(doc, m.magazines_pdf_col_unit(), 'bold', 7.5, col.price, by + 3, priceWidth - 4, end)
  write(doc, m.magazines_pdf_col_offer(), 'bold', 7.5, col.offer, by + 3, priceWidth - 4, end)
  by += 16
  if (item.tiers.length === 0) {
    doc.fillColor(MUTED)
    write(doc, m.magazines_pdf_no_price(), 'regular', 8.5, bx(8 + 4, width - 24), by, width - 24, start)
    by += TIER_ROW
  }
  doc.fillColor(INK)
  for (const tier of item.tiers) {
    const from = m.magazines_pdf_tier_from({ count: formatNumber(tier.minQuantity) })
    write(doc, from, 'regular', 8.5, col.qty, by, 66, start)
    write(doc, money(tier.unitPrice), 'regular', 8.5, col.price, by, priceWidth - 4, end)
    write(
      doc,
      tier.offerPrice > 0 ? money(tier.offerPrice) : '—',
      'regular',
      8.5,
      col.offer,
      by,
      priceWidth - 4,
      end,
    )
    by += TIER_ROW
  }
  if (note) {
    doc.fillColor(MUTED)
    drawTextBlock(doc, note, bx(8, width - 16), by + 4, start)
  }
  doc.fillColor(INK)
}
