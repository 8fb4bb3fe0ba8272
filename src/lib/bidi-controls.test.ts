import fc from 'fast-check'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { stripBidiControls } from './bidi-controls'
import { textSchema, trimUserText } from './schema-pieces'

const CONTROLS = [
  '\u202A',
  '\u202B',
  '\u202C',
  '\u202D',
  '\u202E',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
  '\u206A',
  '\u206F',
  '\uFEFF',
  '\uFFF9',
  '\uFFFB',
]
const CONTROL = /[\u202A-\u202E\u2066-\u2069\u206A-\u206F\uFEFF\uFFF9-\uFFFB]/

/** Ordinary text people type here: Persian letters and digits, Latin, punctuation, ZWNJ, marks. */
const PERSIAN = 'ابپتثجچحخدذرزژسشصضطظعغفقکگلمنوهیآءئ۰۱۲۳۴۵۶۷۸۹'
const LATIN = 'abcXYZ0129 .,-_/()#:'
const KEPT_MARKS = '\u200C\u200D\u200E\u200F\u061C'
const ordinaryText = fc
  .array(fc.constantFrom(...PERSIAN, ...LATIN, ...KEPT_MARKS), { maxLength: 60 })
  .map((chars) => chars.join(''))
const anyText = fc
  .array(
    fc.oneof(fc.constantFrom(...CONTROLS), fc.constantFrom(...PERSIAN, ...LATIN, ...KEPT_MARKS), fc.string()),
    {
      maxLength: 40,
    },
  )
  .map((parts) => parts.join(''))

describe('stripBidiControls', () => {
  it('removes an override that would show "gpj.exe" as "exe.jpg"', () => {
    expect(stripBidiControls('invoice\u202Egpj.exe')).toBe('invoicegpj.exe')
    expect(stripBidiControls('\u2067فروشگاه\u2069 \u202Bنمونه\u202C')).toBe('فروشگاه نمونه')
  })

  it('leaves no control in any text', () => {
    fc.assert(fc.property(anyText, (text) => !CONTROL.test(stripBidiControls(text))))
  })

  it('keeps ordinary Persian and English text, ZWNJ and the LRM/RLM/ALM marks as they are', () => {
    expect(stripBidiControls('می\u200Cخواهم')).toBe('می\u200Cخواهم')
    fc.assert(fc.property(ordinaryText, (text) => stripBidiControls(text) === text))
  })

  it('only removes: the rest of the text keeps its order', () => {
    fc.assert(
      fc.property(ordinaryText, ordinaryText, fc.constantFrom(...CONTROLS), (before, after, control) => {
        return stripBidiControls(`${before}${control}${after}${control}`) === before + after
      }),
    )
  })

  it('is idempotent', () => {
    fc.assert(
      fc.property(anyText, (text) => stripBidiControls(stripBidiControls(text)) === stripBidiControls(text)),
    )
  })
})

describe('text schemas', () => {
  it('strip the controls before trimming and measuring', () => {
    expect(v.parse(textSchema(20), ' \u202E gpj.exe \u202C')).toBe('gpj.exe')
    expect(v.safeParse(textSchema(20, { min: 1 }), '\u202E\u202C').success).toBe(false)
    expect(v.parse(v.pipe(v.string(), trimUserText()), '\u2067 نام \u2069')).toBe('نام')
  })
})
