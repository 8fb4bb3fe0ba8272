import { describe, expect, it } from 'vitest'
import {
  parseMoney,
  parseQuantity,
  parseStock,
  parseTehranDate,
  parseWholeNumber,
  parseYesNo,
  tehranWallClockToUtc,
} from './import-values'

const value = <T>(result: { ok: true; value: T } | { ok: false; error: string }) =>
  result.ok ? result.value : `error: ${result.error}`

describe('whole numbers from sheet cells', () => {
  it('reads Latin, Persian and Arabic-Indic digits with digit grouping', () => {
    expect(value(parseMoney('1,250,000', 'Unit price'))).toBe(1_250_000)
    expect(value(parseMoney('۱٬۲۵۰٬۰۰۰', 'Unit price'))).toBe(1_250_000)
    expect(value(parseMoney('١٢٥٠', 'Unit price'))).toBe(1250)
    expect(value(parseMoney(' 95 000 ', 'Unit price'))).toBe(95_000)
    expect(value(parseMoney(90000, 'Unit price'))).toBe(90_000)
  })

  it('never scales or rounds: a decimal point is an error, not a thousands separator', () => {
    expect(value(parseMoney('12.000', 'Unit price'))).toBe('error: Unit price 12.000 is not a whole number')
    expect(value(parseMoney('12٫5', 'Unit price'))).toBe('error: Unit price 12٫5 is not a whole number')
    expect(value(parseStock(12.5, 'New stock'))).toBe('error: New stock 12.5 is not a whole number')
  })

  it('refuses letters, misplaced groups, negatives, formulas and overflow', () => {
    expect(value(parseMoney('12a00', 'Unit price'))).toBe('error: Unit price "12a00" is not a number')
    expect(value(parseMoney('1,25,000', 'Unit price'))).toMatch(/digit groups in the wrong places/)
    expect(value(parseStock('-3', 'New stock'))).toBe('error: New stock -3 is negative')
    expect(value(parseStock({ formula: 'A1*2' }, 'New stock'))).toBe(
      'error: New stock is a formula; paste the value instead',
    )
    expect(value(parseStock('2147483648', 'New stock'))).toMatch(/too large/)
    expect(value(parseQuantity('0', 'Tier 1 min quantity'))).toBe(
      'error: Tier 1 min quantity must be at least 1',
    )
    expect(value(parseWholeNumber('99999999999999999999', 'Unit price'))).toMatch(/too large/)
  })
})

describe('yes/no cells', () => {
  it('accepts English and Persian words and 0/1', () => {
    for (const yes of ['yes', 'TRUE', '1', 'بله', 1, true])
      expect(value(parseYesNo(yes, 'Always available'))).toBe(true)
    for (const no of ['no', 'False', '0', '۰', 'خیر', 0, false])
      expect(value(parseYesNo(no, 'Always available'))).toBe(false)
    expect(value(parseYesNo('maybe', 'Always available'))).toBe('error: Always available must be yes or no')
  })
})

describe('dates are Tehran wall-clock times', () => {
  it('turns a Tehran day into its UTC instant (UTC+3:30)', () => {
    expect(tehranWallClockToUtc(2026, 12, 1).toISOString()).toBe('2026-11-30T20:30:00.000Z')
    expect(value(parseTehranDate('2026-12-01', 'Valid from'))).toEqual(new Date('2026-11-30T20:30:00.000Z'))
    expect(value(parseTehranDate('۲۰۲۶/۱۲/۰۱ 08:30', 'Valid from'))).toEqual(
      new Date('2026-12-01T05:00:00.000Z'),
    )
    expect(value(parseTehranDate(new Date(Date.UTC(2026, 11, 1)), 'Valid from'))).toEqual(
      new Date('2026-11-30T20:30:00.000Z'),
    )
  })

  it('refuses impossible and ambiguous dates', () => {
    expect(value(parseTehranDate('2026-02-30', 'Valid to'))).toBe(
      'error: Valid to 2026-02-30 is not a real date',
    )
    expect(value(parseTehranDate('01/12/2026', 'Valid to'))).toMatch(/use YYYY-MM-DD/)
    expect(value(parseTehranDate('1405-09-10', 'Valid to'))).toMatch(/not a Gregorian date/)
  })
})
