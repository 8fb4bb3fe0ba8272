import { describe, expect, it } from 'vitest'
import { datedFileName, fileNameDay, fileNameStamp } from './file-names'

// 21:00 UTC on 1 December is already 00:30 on 2 December in Tehran (UTC+03:30).
const AFTER_TEHRAN_MIDNIGHT = new Date('2026-12-01T21:00:00Z')

describe('file names carry the Tehran day they were made', () => {
  it('names the day it already is in Tehran, not the UTC day', () => {
    expect(fileNameDay(AFTER_TEHRAN_MIDNIGHT)).toBe('2026-12-02')
    expect(datedFileName('omdeh-prices', AFTER_TEHRAN_MIDNIGHT, 'csv')).toBe('omdeh-prices-2026-12-02.csv')
    expect(datedFileName('omdeh-inventory', AFTER_TEHRAN_MIDNIGHT, 'xlsx')).toBe(
      'omdeh-inventory-2026-12-02.xlsx',
    )
  })

  it('changes day at midnight in Tehran (20:30 UTC), across a year end too', () => {
    expect(fileNameDay(new Date('2026-12-01T20:29:59Z'))).toBe('2026-12-01')
    expect(fileNameDay(new Date('2026-12-01T20:30:00Z'))).toBe('2026-12-02')
    expect(fileNameDay(new Date('2026-12-31T20:30:00Z'))).toBe('2027-01-01')
  })

  it("stamps a backup with Tehran's wall-clock time to the second", () => {
    expect(fileNameStamp(AFTER_TEHRAN_MIDNIGHT)).toBe('20261202-003000')
    expect(fileNameStamp(new Date('2026-11-25T22:30:05Z'))).toBe('20261126-020005')
  })
})
