import { describe, expect, it } from 'vitest'
import { categoryChoiceGroups, isLeafCategory, type TreeCategory } from './category-tree'

const tree: TreeCategory[] = [
  { id: 1, name: 'Food', parentId: null },
  { id: 2, name: 'Drinks', parentId: 1 },
  { id: 3, name: 'Tea', parentId: 2 },
  { id: 4, name: 'Green tea', parentId: 3 },
  { id: 5, name: 'Black tea', parentId: 3 },
  { id: 6, name: 'Coffee', parentId: 2 },
  { id: 7, name: 'Rice', parentId: 1 },
  { id: 8, name: 'Stationery', parentId: null },
]

const labels = (groups: ReturnType<typeof categoryChoiceGroups>) =>
  groups.map((g) => [g.top.name, g.choices.map((c) => c.label)])

describe('categoryChoiceGroups', () => {
  it('offers the leaves of any depth, with their path, grouped by top category; a childless top is its own choice', () => {
    expect(labels(categoryChoiceGroups(tree))).toEqual([
      ['Food', ['Drinks › Tea › Green tea', 'Drinks › Tea › Black tea', 'Drinks › Coffee', 'Rice']],
      ['Stationery', ['Stationery']],
    ])
  })

  it('searches every word in the whole path, whatever the case', () => {
    expect(labels(categoryChoiceGroups(tree, 'TEA drinks'))).toEqual([
      ['Food', ['Drinks › Tea › Green tea', 'Drinks › Tea › Black tea']],
    ])
    expect(labels(categoryChoiceGroups(tree, 'food coffee'))).toEqual([['Food', ['Drinks › Coffee']]])
    expect(categoryChoiceGroups(tree, 'furniture')).toEqual([])
  })

  it('keeps the product’s current category on offer, marked, even when it has since got subcategories', () => {
    expect(labels(categoryChoiceGroups(tree, 'rice', 3))).toEqual([
      ['Food', ['Drinks › Tea (current)', 'Rice']],
    ])
  })

  it('tells leaves from parents and unknown ids', () => {
    expect([4, 6, 8].map((id) => isLeafCategory(tree, id))).toEqual([true, true, true])
    expect([1, 2, 3, 99].map((id) => isLeafCategory(tree, id))).toEqual([false, false, false, false])
  })
})
