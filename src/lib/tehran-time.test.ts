import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  addDays,
  formatTehranCalendarDay,
  formatTehranDateTime,
  formatTehranDay,
  formatTehranMonth,
  tehranDayEnd,
  tehranDayOf,
  tehranDays,
  tehranDayStart,
} from './tehran-time'

describe('formatTehranMonth', () => {
  it('names the month as it is in Tehran, not in UTC', () => {
    // 31 Jan 21:00 UTC is already 1 Feb 00:30 in Tehran (UTC+03:30).
    expect(formatTehranMonth('2025-01-31T21:00:00.000Z')).toBe('February 2025')
    expect(formatTehranMonth('2025-01-31T20:00:00.000Z')).toBe('January 2025')
    expect(formatTehranMonth(new Date('2024-12-31T20:29:59.000Z'))).toBe('December 2024')
    expect(formatTehranMonth(new Date('2024-12-31T20:30:00.000Z'))).toBe('January 2025')
  })
})

describe('Tehran calendar days', () => {
  it('puts an instant on the day it is in Tehran', () => {
    expect(tehranDayOf('2026-11-25T20:29:59.000Z')).toBe('2026-11-25')
    expect(tehranDayOf('2026-11-25T20:30:00.000Z')).toBe('2026-11-26')
    expect(formatTehranDay('2026-11-25T21:00:00.000Z')).toBe('26 Nov 2026')
    expect(formatTehranDateTime('2026-11-25T21:00:00.000Z')).toBe('26 Nov 2026, 00:30 Tehran')
  })

  it('says which instants a day covers, across a month and a year end', () => {
    expect(tehranDayStart('2026-11-26').toISOString()).toBe('2026-11-25T20:30:00.000Z')
    expect(tehranDayEnd('2026-11-30').toISOString()).toBe('2026-11-30T20:30:00.000Z')
    expect(tehranDayEnd('2026-12-31').toISOString()).toBe('2026-12-31T20:30:00.000Z')
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29')
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31')
    expect(() => tehranDayStart('2026-02-30')).toThrow(RangeError)
  })

  it("lists the last days up to today in Tehran, starting at the first one's midnight there", () => {
    // 22:00 UTC on 30 Nov is 1 Dec in Tehran: a 3-day period is 29 Nov to 1 Dec.
    const period = tehranDays(3, new Date('2026-11-30T22:00:00.000Z'))
    expect(period.labels).toEqual(['2026-11-29', '2026-11-30', '2026-12-01'])
    expect(period.start.toISOString()).toBe('2026-11-28T20:30:00.000Z')
  })
})

describe('one day format per language', () => {
  // 21:00 UTC on 1 December is already 00:30 on 2 December in Tehran.
  const at = new Date('2026-12-01T21:00:00Z')
  afterEach(() => vi.unstubAllEnvs())

  it('shows the Tehran day as "2 Dec 2026" in English, for an instant and for a day label alike', () => {
    vi.stubEnv('DEFAULT_LOCALE', 'en')
    expect(formatTehranDay(at)).toBe('2 Dec 2026')
    expect(formatTehranCalendarDay('2026-12-02')).toBe('2 Dec 2026')
    expect(formatTehranCalendarDay('2027-01-02')).toBe('2 Jan 2027')
  })

  it('shows it in the Persian calendar with Persian digits in Persian', () => {
    vi.stubEnv('DEFAULT_LOCALE', 'fa')
    expect(formatTehranDay(at)).toBe('۱۱ آذر ۱۴۰۵')
    expect(formatTehranCalendarDay('2026-12-02')).toBe('۱۱ آذر ۱۴۰۵')
  })
})
