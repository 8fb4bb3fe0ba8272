import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { codeSchema, emailSchema, newPasswordSchema, normalizeIranMobile, phoneSchema } from './auth.schemas'

describe('Iranian mobile numbers', () => {
  it.each([
    ['09121234567', '+989121234567'],
    ['9121234567', '+989121234567'],
    ['+989121234567', '+989121234567'],
    ['00989121234567', '+989121234567'],
    ['0912 123 4567', '+989121234567'],
    ['+98 (912) 123-4567', '+989121234567'],
    ['۰۹۱۲۱۲۳۴۵۶۷', '+989121234567'],
    ['٠٩٣٥١٢٣٤٥٦٧', '+989351234567'],
  ])('%s → %s', (input, phone) => {
    expect(normalizeIranMobile(input)).toEqual({ ok: true, phone })
  })

  it.each([
    ['+447911123456', 'Only Iranian mobile numbers (+98) are accepted'],
    ['+1 415 555 2671', 'Only Iranian mobile numbers (+98) are accepted'],
    ['0044 7911 123456', 'Only Iranian mobile numbers (+98) are accepted'],
    ['+982188776655', 'Enter a valid mobile number'],
    ['02188776655', 'Enter a valid mobile number'],
    ['0912123456', 'Enter a valid mobile number'],
    ['091212345678', 'Enter a valid mobile number'],
    ['phone', 'Enter a valid mobile number'],
  ])('%s is refused: %s', (input, message) => {
    expect(normalizeIranMobile(input)).toEqual({ ok: false, message })
  })

  it('reports the message through the schema', () => {
    const result = v.safeParse(phoneSchema, '+447911123456')
    expect(result.success).toBe(false)
    expect(result.issues?.[0]?.message).toBe('Only Iranian mobile numbers (+98) are accepted')
    expect(v.parse(phoneSchema, ' 09121234567 ')).toBe('+989121234567')
  })
})

describe('other auth fields', () => {
  it('takes a 6-digit code, also in Persian digits', () => {
    expect(v.parse(codeSchema, '۱۲۳۴۵۶')).toBe('123456')
    expect(v.safeParse(codeSchema, '12345').success).toBe(false)
  })

  it('treats an empty email as none and lower-cases the rest', () => {
    expect(v.parse(emailSchema, '')).toBeNull()
    expect(v.parse(emailSchema, undefined)).toBeNull()
    expect(v.parse(emailSchema, ' Sara@Example.COM ')).toBe('sara@example.com')
    expect(v.safeParse(emailSchema, 'not-an-email').success).toBe(false)
  })

  it('wants 8+ characters with a letter and a digit in a new password', () => {
    expect(v.safeParse(newPasswordSchema, 'Omdeh-demo-2026').success).toBe(true)
    for (const weak of ['short1', 'lettersonly', '1234567890'])
      expect(v.safeParse(newPasswordSchema, weak).success).toBe(false)
  })
})
