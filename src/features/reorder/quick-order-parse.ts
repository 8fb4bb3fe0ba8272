/**
 * Reads a pasted quick order: one line per SKU, `code, quantity` (comma, semicolon, tab, the
 * Persian comma or spaces between them). Blank lines are skipped; a first line that names the
 * columns is taken as a header. Persian and Arabic digits are read as digits.
 */

export interface ParsedLine {
  line: number
  sku: string
  quantityText: string
  /** Null when the quantity is not a whole number from 1 up. */
  quantity: number | null
}

const DIGITS: Record<string, string> = {}
for (let d = 0; d < 10; d++) {
  DIGITS[String.fromCharCode(0x06f0 + d)] = String(d)
  DIGITS[String.fromCharCode(0x0660 + d)] = String(d)
}

export function latinDigits(text: string): string {
  return text.replace(/[\u06f0-\u06f9\u0660-\u0669]/g, (c) => DIGITS[c] ?? c)
}

/** A whole quantity from 1 up, or null: `12`, `۱۲`, `1,200` and `12.0` read; `1.5`, `abc`, `0` do not. */
export function parseQuantity(raw: string): number | null {
  const text = latinDigits(raw.trim())
    .replace(/[,\u066c]/g, '')
    .replace(/\.0+$/, '')
  if (!/^\d{1,9}$/.test(text)) return null
  const n = Number(text)
  return n >= 1 ? n : null
}

const HEADER_CODE = /^(sku|code|sku code|کد|کد کالا|شناسه)$/i

export function parseQuickOrderText(text: string): ParsedLine[] {
  const lines: ParsedLine[] = []
  const rows = text.split(/\r\n|\r|\n/)
  rows.forEach((row, index) => {
    const trimmed = row.trim()
    if (!trimmed) return
    let sku = trimmed
    let quantityText = ''
    const cells = trimmed.split(/[,;\t\u060c]/)
    if (cells.length >= 2) {
      sku = cells[0]!.trim()
      quantityText = cells.slice(1).join(',').trim()
    } else {
      const words = trimmed.split(/\s+/)
      if (words.length >= 2) {
        quantityText = words.pop()!
        sku = words.join(' ')
      }
    }
    const quantity = parseQuantity(quantityText)
    if (lines.length === 0 && quantity === null && HEADER_CODE.test(sku)) return
    lines.push({ line: index + 1, sku, quantityText, quantity })
  })
  return lines
}
