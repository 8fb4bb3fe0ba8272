import { describe, expect, it } from 'vitest'
import { formatTehranMonth } from './tehran-time'

describe('formatTehranMonth', () => {
  it('names the month as it is in Tehran, not in UTC', () => {
    // 31 Jan 21:00 UTC is already 1 Feb 00:30 in Tehran (UTC+03:30).
    expect(formatTehranMonth('2025-01-31T21:00:00.000Z')).toBe('February 2025')
    expect(formatTehranMonth('2025-01-31T20:00:00.000Z')).toBe('January 2025')
    expect(formatTehranMonth(new Date('2024-12-31T20:29:59.000Z'))).toBe('December 2024')
    expect(formatTehranMonth(new Date('2024-12-31T20:30:00.000Z'))).toBe('January 2025')
  })
})
