import '@tanstack/react-start/server-only'
import { resolve } from 'node:path'
import sharp from 'sharp'
import { constants } from '#app-config'
import { formatMoney } from '~/lib/money'
import { formatTehranDateTime } from '~/lib/tehran-time'
import { readImageSource, resolveImageSource } from '~/server/images/image-service.server'
import { createPdfDocument } from '~/server/pdf/pdf-document.server'
import { drawTextBlock, layoutText, type PdfTextBlock } from '~/server/pdf/pdf-text.server'
import type { MediaStorage } from '~/server/providers/storage/storage.server'
import type { LineSheetSource } from './magazine-line-sheet.server'
import type { PublicItem } from './magazines.schemas'

/**
 * The magazine as an A4 line sheet: a cover (the cover image, the seller's logo and contact, the
 * magazine's link), then each magazine page's items as cards (photo, name, brand and unit, SKU,
 * MOQ, the price tiers, stock state, the seller's note). Every page's footer says which moment the
 * prices are from and where the live magazine is. Loaded only when a sheet is drawn (pdfkit, sharp
 * and the fonts stay out of the server's start-up).
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
  const { doc, bytes } = createPdfDocument({
    margin: MARGIN,
    info: {
      Title: `${magazine.title}: line sheet`,
      Author: magazine.seller.name,
      Subject: `Line sheet of ${magazine.title} by ${magazine.seller.name} on ${constants.brand.name}`,
    },
  })
  const footer = `Prices as of ${formatTehranDateTime(options.at)}`
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
    doc.font('Helvetica-Bold').fontSize(8.5).fillColor(INK)
    doc.text(footer, MARGIN, top + 7, { width: CONTENT_WIDTH / 2, lineBreak: false })
    doc.font('Helvetica').fontSize(8).fillColor(MUTED)
    doc.text(`${link}  ·  ${pageNumber}`, MARGIN + CONTENT_WIDTH / 2, top + 7, {
      width: CONTENT_WIDTH / 2,
      align: 'right',
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

  drawCover(doc, source, images, link)
  magazine.pages.forEach((page, index) => {
    doc.addPage()
    drawPageHeader(doc, source, page.title || `Page ${index + 1}`, index + 1)
    drawItems(doc, page.items, page.layout === 'hero' ? 1 : 2, images, options.currency, () =>
      drawPageHeader(doc, source, `${page.title || `Page ${index + 1}`} (continued)`, index + 1),
    )
  })
  doc.end()
  return bytes
}

type Doc = PDFKit.PDFDocument

const alignOf = (block: PdfTextBlock) => (block.plain === null ? 'right' : 'left')

/** Draws a value (Latin or Persian) at (x, y) in `width`; Persian lines sit right-aligned. */
function write(
  doc: Doc,
  value: string,
  weight: 'regular' | 'bold',
  size: number,
  x: number,
  y: number,
  width: number,
  align?: 'left' | 'right' | 'center',
): number {
  const block = layoutText(doc, value, weight, size, width)
  drawTextBlock(doc, block, x, y, align ?? alignOf(block))
  return y + block.height
}

function drawCover(doc: Doc, source: LineSheetSource, images: Images, link: string) {
  const { magazine, seller } = source
  let y = MARGIN
  const logo = source.logo ? images.get(source.logo) : undefined
  const textX = logo ? MARGIN + 60 : MARGIN
  if (logo) doc.image(logo, MARGIN, y, { fit: [48, 48], align: 'center', valign: 'center' })
  doc.fillColor(INK)
  let after = write(doc, seller.name, 'bold', 13, textX, y, CONTENT_WIDTH - (textX - MARGIN), 'left')
  doc.fillColor(MUTED)
  after = write(doc, `Phone: ${seller.phone}`, 'regular', 9, textX, after + 2, 240, 'left')
  write(
    doc,
    [seller.address, seller.city].filter(Boolean).join(', '),
    'regular',
    9,
    textX,
    after + 1,
    300,
    'left',
  )
  doc
    .font('Helvetica-Bold')
    .fontSize(9)
    .fillColor(ACCENT)
    .text('LINE SHEET', MARGIN + CONTENT_WIDTH - 150, y, { width: 150, align: 'right', characterSpacing: 1 })
  y = Math.max(doc.y, MARGIN + 56) + 14

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
    y = write(doc, magazine.season, 'bold', 11, MARGIN, y, CONTENT_WIDTH, 'left') + 4
  }
  doc.fillColor(INK)
  y = write(doc, magazine.title, 'bold', 26, MARGIN, y, CONTENT_WIDTH, 'left') + 6
  doc.fillColor(MUTED)
  y = write(doc, `By ${magazine.seller.name}`, 'regular', 11, MARGIN, y, CONTENT_WIDTH, 'left') + 8
  if (magazine.description) {
    const description = layoutText(doc, magazine.description, 'regular', 10.5, CONTENT_WIDTH)
    // A long description is cut to what fits above the footer.
    const room = Math.max(0, Math.floor((BOTTOM - 90 - y) / description.lineHeight))
    if (description.plain === null) description.lines = description.lines.slice(0, room)
    doc.fillColor(INK)
    if (description.plain === null) drawTextBlock(doc, description, MARGIN, y, 'right')
    else
      doc
        .font(description.font)
        .fontSize(10.5)
        .text(magazine.description, MARGIN, y, {
          width: CONTENT_WIDTH,
          height: room * description.lineHeight,
          ellipsis: true,
        })
    y = doc.y + 10
  }
  if (magazine.expired && magazine.cutoffAt) {
    doc.fillColor(ACCENT)
    y =
      write(
        doc,
        `Orders from this magazine closed ${formatTehranDateTime(magazine.cutoffAt)}`,
        'bold',
        10,
        MARGIN,
        y,
        CONTENT_WIDTH,
        'left',
      ) + 4
  } else if (magazine.cutoffAt) {
    doc.fillColor(INK)
    y =
      write(
        doc,
        `Order by ${formatTehranDateTime(magazine.cutoffAt)}`,
        'bold',
        10,
        MARGIN,
        y,
        CONTENT_WIDTH,
      ) + 4
  }
  const items = magazine.pages.reduce((n, p) => n + p.items.length, 0)
  doc.fillColor(MUTED)
  y =
    write(
      doc,
      `${magazine.pages.length} page${magazine.pages.length === 1 ? '' : 's'} · ${items} item${items === 1 ? '' : 's'} · live prices and ordering at:`,
      'regular',
      9.5,
      MARGIN,
      y + 4,
      CONTENT_WIDTH,
      'left',
    ) + 2
  doc.font('Helvetica-Bold').fontSize(11).fillColor('#1d4ed8').text(link, MARGIN, y, {
    width: CONTENT_WIDTH,
    link,
    underline: true,
  })
  doc.fillColor(INK)
}

function drawPageHeader(doc: Doc, source: LineSheetSource, title: string, number: number) {
  const y = MARGIN
  doc.fillColor(MUTED)
  write(
    doc,
    `${source.magazine.title} · ${source.seller.name}`,
    'regular',
    8.5,
    MARGIN,
    y,
    CONTENT_WIDTH,
    'left',
  )
  doc.fillColor(INK)
  doc
    .font('Helvetica-Bold')
    .fontSize(15)
    .text(`${number}.`, MARGIN, y + 16, { lineBreak: false })
  const after = write(doc, title, 'bold', 15, MARGIN + 24, y + 16, CONTENT_WIDTH - 24, 'left')
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
  if (!item.onOffer) return { text: 'Not on offer now', color: MUTED }
  if (!item.inStock) return { text: 'Out of stock', color: '#b91c1c' }
  return { text: item.alwaysAvailable ? 'Always available' : 'In stock', color: '#15803d' }
}

/** The item cards, `columns` to a row; a row that does not fit starts a new PDF page. */
function drawItems(
  doc: Doc,
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
      drawCard(doc, item, MARGIN + i * (width + GAP), y, width, height, images, currency),
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
  item: PublicItem,
  x: number,
  y: number,
  width: number,
  height: number,
  images: Images,
  currency: string,
) {
  const money = (amount: number) => formatMoney(amount, currency)
  doc.roundedRect(x, y, width, height, 6).lineWidth(0.75).strokeColor(RULE).stroke()
  const inner = { x: x + 8, y: y + 8 }
  const photo = item.image ? images.get(item.image) : undefined
  doc.rect(inner.x, inner.y, PHOTO, PHOTO).fill('#f5f5f4')
  if (photo) doc.image(photo, inner.x, inner.y, { fit: [PHOTO, PHOTO], align: 'center', valign: 'center' })
  const { textWidth, name, details, note } = cardParts(doc, item, width)
  const textX = inner.x + PHOTO + 8
  doc.fillColor(INK)
  drawTextBlock(doc, name, textX, inner.y, alignOf(name))
  doc.fillColor(MUTED)
  drawTextBlock(doc, details, textX, inner.y + name.height + 2, alignOf(details))
  let ty = inner.y + name.height + details.height + 4
  doc
    .font('Helvetica')
    .fontSize(8.5)
    .fillColor(MUTED)
    .text(`SKU ${item.sku}`, textX, ty, { width: textWidth })
  ty += 11
  doc
    .font('Helvetica-Bold')
    .fontSize(9)
    .fillColor(INK)
    .text(`MOQ ${item.minQuantity}`, textX, ty, { width: textWidth, lineBreak: false })
  const stock = stockLine(item)
  doc
    .font('Helvetica')
    .fontSize(8.5)
    .fillColor(stock.color)
    .text(stock.text, textX, ty, { width: textWidth, align: 'right', lineBreak: false })

  let by = inner.y + Math.max(PHOTO, name.height + details.height + 34) + 8
  const col = { qty: inner.x, price: inner.x + 70, offer: inner.x + 70 + (width - 16 - 70) / 2 }
  const priceWidth = (width - 16 - 70) / 2
  doc.rect(inner.x, by, width - 16, 14).fill('#f3f4f6')
  doc.font('Helvetica-Bold').fontSize(7.5).fillColor(MUTED)
  doc.text('FROM QTY', col.qty + 4, by + 4, { width: 66, lineBreak: false })
  doc.text('UNIT PRICE', col.price, by + 4, { width: priceWidth - 4, align: 'right', lineBreak: false })
  doc.text('OFFER', col.offer, by + 4, { width: priceWidth - 4, align: 'right', lineBreak: false })
  by += 16
  doc.font('Helvetica').fontSize(8.5).fillColor(INK)
  if (item.tiers.length === 0) {
    doc
      .fillColor(MUTED)
      .text('No price on offer now', col.qty + 4, by, { width: width - 24, lineBreak: false })
    by += TIER_ROW
  }
  for (const tier of item.tiers) {
    doc.fillColor(INK).text(`${tier.minQuantity}+`, col.qty + 4, by, { width: 66, lineBreak: false })
    doc.text(money(tier.unitPrice), col.price, by, {
      width: priceWidth - 4,
      align: 'right',
      lineBreak: false,
    })
    doc.text(tier.offerPrice > 0 ? money(tier.offerPrice) : '—', col.offer, by, {
      width: priceWidth - 4,
      align: 'right',
      lineBreak: false,
    })
    by += TIER_ROW
  }
  if (note) {
    doc.fillColor(MUTED)
    drawTextBlock(doc, note, inner.x, by + 4, alignOf(note))
  }
  doc.fillColor(INK)
}
