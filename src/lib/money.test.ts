import { describe, expect, it } from 'vitest'
import { formatMoney } from './money'

describe('formatMoney', () => {
  it('shows rials without decimals and with grouping', () => {
    expect(formatMoney(1_250_000, 'IRR')).toBe('IRR 1,250,000')
  })

  it('shows two-decimal currencies from minor units', () => {
    expect(formatMoney(123_456, 'EUR')).toBe('EUR 1,234.56')
  })

  it('refuses fractional minor units', () => {
    expect(() => formatMoney(10.5, 'IRR')).toThrow(RangeError)
  })
})
