import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { idSchema, INT4_MAX, intSchema, moneySchema, textSchema } from './schema-pieces'

describe('shared schema pieces', () => {
  it('ids fit an int4 column', () => {
    expect(v.safeParse(idSchema, 1).success).toBe(true)
    expect(v.safeParse(idSchema, INT4_MAX).success).toBe(true)
    for (const bad of [0, -1, INT4_MAX + 1, 1e308, 1.5, Number.NaN, '1'])
      expect(v.safeParse(idSchema, bad).success).toBe(false)
  })

  it('bounded integers say which bound was broken', () => {
    const result = v.safeParse(intSchema(1, 100), 101)
    expect(result.success).toBe(false)
    expect(result.issues?.[0]?.message).toBe('Must be 100 or less')
  })

  it('money is a whole, safe amount', () => {
    expect(v.safeParse(moneySchema(), 0).success).toBe(true)
    expect(v.safeParse(moneySchema(1), 0).success).toBe(false)
    expect(v.safeParse(moneySchema(), 2 ** 60).success).toBe(false)
  })

  it('text refuses NUL bytes and over-long input and trims', () => {
    expect(v.parse(textSchema(5), '  abc  ')).toBe('abc')
    expect(v.safeParse(textSchema(5), 'a\u0000b').success).toBe(false)
    expect(v.safeParse(textSchema(5), 'abcdef').success).toBe(false)
    expect(v.safeParse(textSchema(5, { min: 1 }), '   ').success).toBe(false)
  })
})
