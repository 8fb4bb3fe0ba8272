import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { auditSearch } from './admin.schemas'

describe('the audit log search in the URL', () => {
  it('reads ?record=5 (the router hands over the number 5) as the record id "5"', () => {
    expect(v.parse(auditSearch, { record: 5 }).record).toBe('5')
    expect(v.parse(auditSearch, { record: 'OMD-1-0009' }).record).toBe('OMD-1-0009')
  })

  it('refuses a fractional or negative number and an over-long id', () => {
    expect(v.safeParse(auditSearch, { record: 1.5 }).success).toBe(false)
    expect(v.safeParse(auditSearch, { record: -1 }).success).toBe(false)
    expect(v.safeParse(auditSearch, { record: 'x'.repeat(61) }).success).toBe(false)
  })
})
