import { describe, expect, it } from 'vitest'
import { paginationRange } from './pagination-range'

describe('paginationRange', () => {
  it('lists every page when there are few', () => {
    expect(paginationRange(2, 5)).toEqual([1, 2, 3, 4, 5])
    expect(paginationRange(1, 1)).toEqual([1])
    expect(paginationRange(1, 0)).toEqual([])
  })

  it('keeps first, last and the neighbours of the current page', () => {
    expect(paginationRange(10, 40)).toEqual([1, 'gap', 9, 10, 11, 'gap', 40])
    expect(paginationRange(2, 40)).toEqual([1, 2, 3, 4, 5, 'gap', 40])
    expect(paginationRange(39, 40)).toEqual([1, 'gap', 36, 37, 38, 39, 40])
  })

  it('never shows more than seven entries', () => {
    for (let page = 1; page <= 50; page++) expect(paginationRange(page, 50).length).toBeLessThanOrEqual(7)
  })
})
