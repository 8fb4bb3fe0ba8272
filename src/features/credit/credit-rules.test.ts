import { describe, expect, it } from 'vitest'
import { agingBucketOf, daysOverdue, dueDateOf } from './credit-rules'

describe('credit terms in Tehran days', () => {
  it('an order placed late in the UTC evening counts from the next Tehran day', () => {
    // 21:00 UTC on 1 Dec is 00:30 on 2 Dec in Tehran.
    const { dueDay, dueAt } = dueDateOf(new Date('2026-12-01T21:00:00Z'), 30)
    expect(dueDay).toBe('2027-01-01')
    // Due to the end of that Tehran day: 20:30 UTC on 1 Jan.
    expect(dueAt.toISOString()).toBe('2027-01-01T20:30:00.000Z')
  })

  it('ages an unpaid amount by whole Tehran days after the due day', () => {
    const due = '2026-12-01'
    expect(daysOverdue(due, new Date('2026-12-01T20:00:00Z'))).toBe(0)
    expect(agingBucketOf(due, new Date('2026-12-01T20:00:00Z'))).toBe('current')
    expect(agingBucketOf(due, new Date('2026-12-01T21:00:00Z'))).toBe('d1_30')
    expect(agingBucketOf(due, new Date('2026-12-31T12:00:00Z'))).toBe('d1_30')
    expect(agingBucketOf(due, new Date('2027-01-01T12:00:00Z'))).toBe('d31_60')
    expect(agingBucketOf(due, new Date('2027-01-31T12:00:00Z'))).toBe('d61_90')
    expect(agingBucketOf(due, new Date('2027-03-02T12:00:00Z'))).toBe('d90_plus')
  })
})
