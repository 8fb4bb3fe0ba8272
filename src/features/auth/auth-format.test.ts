import { describe, expect, it } from 'vitest'
import { codeDigits, formatPhone } from './auth-format'

describe('phone and code formatting', () => {
  it('groups an Iranian mobile number and leaves anything else alone', () => {
    expect(formatPhone('+989121234567')).toBe('+98 912 123 4567')
    expect(formatPhone('+442071234567')).toBe('+442071234567')
  })

  it('takes the digits of a pasted code, Persian digits included, at most six', () => {
    expect(codeDigits('Code: 123 456')).toBe('123456')
    expect(codeDigits('۱۲۳-۴۵۶')).toBe('123456')
    expect(codeDigits('12345678')).toBe('123456')
    expect(codeDigits('abc')).toBe('')
  })
})
