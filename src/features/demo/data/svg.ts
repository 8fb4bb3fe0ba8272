import { escapeXml, initials } from './text'

/**
 * Generated placeholder artwork for the demo catalogue: small, deterministic SVG cards so the
 * seed needs no network and no binary assets.
 */

const font = "system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif"

/** Mixes a #rrggbb colour with white (amount > 0) or black (amount < 0). */
export function shade(hex: string, amount: number): string {
  const value = Number.parseInt(hex.replace('#', ''), 16)
  const channels = [(value >> 16) & 255, (value >> 8) & 255, value & 255]
  const target = amount >= 0 ? 255 : 0
  const weight = Math.abs(amount)
  return `#${channels
    .map((c) => Math.round(c + (target - c) * weight))
    .map((c) => c.toString(16).padStart(2, '0'))
    .join('')}`
}

/** Splits text into at most `maxLines` lines of about `width` characters. */
export function wrap(text: string, width: number, maxLines: number): string[] {
  const lines: string[] = []
  let line = ''
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && `${line} ${word}`.length > width) {
      lines.push(line)
      line = word
    } else {
      line = line ? `${line} ${word}` : word
    }
  }
  if (line) lines.push(line)
  if (lines.length <= maxLines) return lines
  const kept = lines.slice(0, maxLines)
  kept[maxLines - 1] = `${kept[maxLines - 1]}…`
  return kept
}

function textLines(lines: string[], x: number, firstY: number, lineHeight: number, attrs: string): string {
  return lines
    .map((l, i) => `<text x="${x}" y="${firstY + i * lineHeight}" ${attrs}>${escapeXml(l)}</text>`)
    .join('')
}

const shapes = [
  (c: string) => `<circle cx="300" cy="230" r="120" fill="${c}"/>`,
  (c: string) => `<rect x="180" y="110" width="240" height="240" rx="48" fill="${c}"/>`,
  (c: string) => `<polygon points="300,100 413,165 413,295 300,360 187,295 187,165" fill="${c}"/>`,
  (c: string) => `<polygon points="300,95 435,230 300,365 165,230" fill="${c}"/>`,
]

function hashText(text: string): number {
  let h = 0
  for (let i = 0; i < text.length; i++) h = (Math.imul(h, 31) + text.charCodeAt(i)) >>> 0
  return h
}

export interface ProductArt {
  shortName: string
  variantLabel: string
  unit: string
  brandName: string
  colour: string
}

/** A 600x600 product card; `view` 1 is the alternative second photo. */
export function productSvg(p: ProductArt, view: 0 | 1 = 0): string {
  const base = view === 0 ? p.colour : shade(p.colour, -0.25)
  const light = shade(base, 0.35)
  const shape = shapes[(hashText(p.shortName) + view) % shapes.length]
  const title = wrap(p.shortName, 22, 2)
  const caption = p.variantLabel || p.unit
  const label = `${p.shortName}, ${caption}`
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600" viewBox="0 0 600 600" role="img" aria-label="${escapeXml(label)}">`,
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${base}"/></linearGradient></defs>`,
    `<rect width="600" height="600" fill="url(#g)"/>`,
    view === 1 ? `<path d="M0 470 L600 390 L600 600 L0 600 Z" fill="#ffffff" fill-opacity="0.12"/>` : '',
    shape?.('#ffffff').replace('/>', ' fill-opacity="0.92"/>') ?? '',
    `<text x="300" y="262" text-anchor="middle" font-family="${font}" font-size="92" font-weight="700" fill="${base}">${escapeXml(initials(p.shortName))}</text>`,
    textLines(
      title,
      300,
      title.length > 1 ? 430 : 450,
      44,
      `text-anchor="middle" font-family="${font}" font-size="38" font-weight="600" fill="#ffffff"`,
    ),
    `<text x="300" y="532" text-anchor="middle" font-family="${font}" font-size="26" fill="#ffffff" fill-opacity="0.85">${escapeXml(caption)}</text>`,
    `<text x="300" y="572" text-anchor="middle" font-family="${font}" font-size="20" letter-spacing="2" fill="#ffffff" fill-opacity="0.7">${escapeXml(p.brandName.toUpperCase())}</text>`,
    `</svg>`,
  ].join('')
}

/** A 400x300 category tile. */
export function categorySvg(name: string, colour: string): string {
  const lines = wrap(name, 18, 2)
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300" viewBox="0 0 400 300" role="img" aria-label="${escapeXml(name)}">`,
    `<rect width="400" height="300" fill="${colour}"/>`,
    `<circle cx="330" cy="60" r="110" fill="#ffffff" fill-opacity="0.12"/>`,
    `<circle cx="60" cy="270" r="80" fill="#ffffff" fill-opacity="0.08"/>`,
    `<text x="200" y="140" text-anchor="middle" font-family="${font}" font-size="72" font-weight="700" fill="#ffffff" fill-opacity="0.9">${escapeXml(initials(name))}</text>`,
    textLines(
      lines,
      200,
      lines.length > 1 ? 210 : 225,
      34,
      `text-anchor="middle" font-family="${font}" font-size="28" font-weight="600" fill="#ffffff"`,
    ),
    `</svg>`,
  ].join('')
}

/** A 256x256 store logo: initials on a colour picked from the name. */
export function storeLogoSvg(name: string): string {
  const palette = ['#0f766e', '#b45309', '#4338ca', '#be185d', '#0369a1', '#475569', '#7c3aed', '#a16207']
  const colour = palette[hashText(name) % palette.length] ?? '#0f766e'
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256" role="img" aria-label="${escapeXml(name)}">`,
    `<rect width="256" height="256" rx="56" fill="${colour}"/>`,
    `<rect x="20" y="20" width="216" height="216" rx="44" fill="none" stroke="#ffffff" stroke-opacity="0.35" stroke-width="4"/>`,
    `<text x="128" y="158" text-anchor="middle" font-family="${font}" font-size="84" font-weight="700" fill="#ffffff">${escapeXml(initials(name))}</text>`,
    `</svg>`,
  ].join('')
}

/**
 * A 600x800 magazine cover (the cards' 3:4): the title, the season and the seller on the seller's
 * colour, right to left for a Persian magazine.
 */
export function magazineCoverSvg(cover: {
  title: string
  season: string
  seller: string
  colour: string
  rtl: boolean
}): string {
  const { title, season, seller, colour, rtl } = cover
  const light = shade(colour, 0.3)
  const lines = wrap(title, 16, 4)
  const dir = rtl ? ' direction="rtl"' : ''
  const attrs = (size: number, weight: number, opacity = 1) =>
    `text-anchor="middle" font-family="${font}" font-size="${size}" font-weight="${weight}" fill="#ffffff" fill-opacity="${opacity}"${dir}`
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="800" viewBox="0 0 600 800" role="img" aria-label="${escapeXml(title)}">`,
    `<defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${colour}"/></linearGradient></defs>`,
    `<rect width="600" height="800" fill="url(#g)"/>`,
    `<circle cx="520" cy="110" r="190" fill="#ffffff" fill-opacity="0.12"/>`,
    `<circle cx="70" cy="720" r="150" fill="#ffffff" fill-opacity="0.08"/>`,
    `<rect x="48" y="48" width="504" height="704" rx="28" fill="none" stroke="#ffffff" stroke-opacity="0.4" stroke-width="3"/>`,
    textLines(lines, 300, 360 - (lines.length - 1) * 34, 68, attrs(56, 700)),
    season ? `<text x="300" y="560" ${attrs(32, 500, 0.9)}>${escapeXml(season)}</text>` : '',
    `<text x="300" y="690" ${attrs(26, 600, 0.8)}>${escapeXml(seller)}</text>`,
    `</svg>`,
  ].join('')
}
