import { describe, expect, it } from 'vitest'
import { MAX_COMPARE, withCompareItem, type CompareItem } from './compare-store'

const item = (id: number): CompareItem => ({ id, slug: `p-${id}`, name: `P${id}`, image: null })

describe('compare list', () => {
  it('adds a product once', () => {
    const one = withCompareItem([], item(1))!
    expect(withCompareItem(one, item(1))).toEqual(one)
  })

  it('refuses a fifth product', () => {
    let items: CompareItem[] = []
    for (let id = 1; id <= MAX_COMPARE; id++) items = withCompareItem(items, item(id))!
    expect(withCompareItem(items, item(99))).toBeNull()
  })
})
