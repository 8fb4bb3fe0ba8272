import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import {
  clampQuantity,
  dateTimeInputToIso,
  fieldNameOf,
  fileProblem,
  firstMessage,
  formatMoneyInput,
  isoToDateTimeInput,
  latinDigits,
  messagesByField,
  parseMoneyInput,
  parseQuantityInput,
  quantityProblem,
} from './field-logic'

describe('money input', () => {
  it('groups digits in threes while typing, in any script', () => {
    expect(formatMoneyInput('1250000')).toBe('1,250,000')
    expect(formatMoneyInput('۱۲۵۰۰۰۰')).toBe('1,250,000')
    expect(formatMoneyInput('١٢٣٤')).toBe('1,234')
    expect(formatMoneyInput('12,50,0')).toBe('12,500')
    expect(formatMoneyInput('IRR 999')).toBe('999')
    expect(formatMoneyInput('000450')).toBe('450')
    expect(formatMoneyInput('')).toBe('')
  })

  it('gives integer minor units, null when empty, NaN when not a whole amount', () => {
    expect(parseMoneyInput('1,250,000')).toBe(1250000)
    expect(parseMoneyInput('۱٬۲۵۰٬۰۰۰')).toBe(1250000)
    expect(parseMoneyInput('')).toBeNull()
    expect(parseMoneyInput('  ')).toBeNull()
    expect(parseMoneyInput('12.5')).toBeNaN()
    expect(parseMoneyInput('-5')).toBeNaN()
    expect(parseMoneyInput('99999999999999999999')).toBeNaN()
  })

  it('round-trips what it shows', () => {
    expect(parseMoneyInput(formatMoneyInput('۹۸۷۶۵۴۳۲۱'))).toBe(987654321)
  })
})

describe('quantity input', () => {
  it('parses whole numbers in any script', () => {
    expect(parseQuantityInput('12')).toBe(12)
    expect(parseQuantityInput('۱۲')).toBe(12)
    expect(parseQuantityInput('')).toBeNull()
    expect(parseQuantityInput('1.5')).toBeNaN()
    expect(parseQuantityInput('ten')).toBeNaN()
  })

  it('clamps to its bounds and names the bound it breaks', () => {
    expect(clampQuantity(0, { min: 1, max: 10 })).toBe(1)
    expect(clampQuantity(11, { min: 1, max: 10 })).toBe(10)
    expect(clampQuantity(5.7, { min: 1 })).toBe(5)
    expect(quantityProblem(0, { min: 1 })).toBe('Enter at least 1')
    expect(quantityProblem(11, { max: 10 })).toBe('Enter at most 10')
    expect(quantityProblem(Number.NaN, {})).toBe('Enter a whole number')
    expect(quantityProblem(5, { min: 1, max: 10 })).toBeNull()
    expect(quantityProblem(null, { min: 1 })).toBeNull()
  })
})

describe('file checks', () => {
  const png = { name: 'logo.png', type: 'image/png', size: 2048 }
  it('accepts the listed types, by MIME type, wildcard or extension', () => {
    expect(fileProblem(png, { accept: 'image/png,image/jpeg' })).toBeNull()
    expect(fileProblem(png, { accept: 'image/*' })).toBeNull()
    expect(fileProblem({ name: 'list.CSV', type: '', size: 10 }, { accept: '.csv' })).toBeNull()
    expect(fileProblem({ name: 'a.pdf', type: 'application/pdf', size: 10 }, { accept: 'image/*' })).toMatch(
      /not accepted/,
    )
  })
  it('refuses files over the size limit and empty files', () => {
    expect(fileProblem(png, { maxBytes: 1024 })).toBe('The file is too large (2 KB). The limit is 1 KB')
    expect(fileProblem(png, { maxBytes: 2048 })).toBeNull()
    expect(fileProblem({ ...png, size: 0 }, {})).toBe('The file is empty')
  })
})

describe('schema issues as field messages', () => {
  const schema = v.object({
    title: v.pipe(v.string(), v.nonEmpty('Required')),
    blocks: v.array(v.object({ heading: v.pipe(v.string(), v.minLength(2, 'Too short')) })),
  })
  it('names nested and array fields as TanStack Form does, first message per field', () => {
    const parsed = v.safeParse(schema, { title: '', blocks: [{ heading: 'ok' }, { heading: 'x' }] })
    expect(parsed.success).toBe(false)
    if (parsed.success) return
    expect(messagesByField(parsed.issues)).toEqual({
      fields: { title: 'Required', 'blocks[1].heading': 'Too short' },
      form: null,
    })
  })
  it('keeps an issue without a path for above the form', () => {
    expect(messagesByField([{ message: 'Whole form' }])).toEqual({ fields: {}, form: 'Whole form' })
    expect(fieldNameOf([{ key: 'a' }, { key: 0 }, { key: 'b' }])).toBe('a[0].b')
  })
  it('reads the first message from strings or issues', () => {
    expect(firstMessage([undefined, { message: 'From schema' }])).toBe('From schema')
    expect(firstMessage(['From server'])).toBe('From server')
    expect(firstMessage([])).toBeUndefined()
  })
})

describe('digits and dates', () => {
  it('turns Persian and Arabic-Indic digits into Latin ones', () => {
    expect(latinDigits('۰۹۱۲-٣٤٥')).toBe('0912-345')
  })
  it('reads a date-time on Tehran’s wall clock, whatever the browser’s zone, and round-trips it', () => {
    const iso = dateTimeInputToIso('2026-11-24T10:30')
    expect(iso).toBe('2026-11-24T07:00:00.000Z')
    expect(isoToDateTimeInput(iso)).toBe('2026-11-24T10:30')
    expect(dateTimeInputToIso('')).toBeNull()
  })
})
