import { describe, expect, it, vi } from 'vitest'
import { nameInLocale } from '~/lib/i18n'
import { parseStoredHistory, withVisit } from './history-store'
import type { HistoryItem } from './history.schemas'

const product = (id: number) => ({ id, slug: `p-${id}`, name: `Product ${id}`, image: null })

describe('browsing history', () => {
  it('puts the latest visit first and moves a revisited product to the top', () => {
    let items: HistoryItem[] = []
    items = withVisit(items, product(1), 1)
    items = withVisit(items, product(2), 2)
    items = withVisit(items, product(1), 3)
    expect(items.map((i) => i.id)).toEqual([1, 2])
    expect(items[0]!.addDate).toBe(3)
  })

  it('keeps at most 10 items, dropping the oldest', () => {
    let items: HistoryItem[] = []
    for (let id = 1; id <= 12; id++) items = withVisit(items, product(id), id)
    expect(items).toHaveLength(10)
    expect(items.map((i) => i.id)).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4, 3])
  })

  it('ignores malformed stored entries instead of breaking the page', () => {
    const stored = [{ ...product(1), addDate: 5 }, { id: 'x' }, null, { ...product(2), addDate: 9 }]
    expect(parseStoredHistory(stored).map((i) => i.id)).toEqual([2, 1])
    expect(parseStoredHistory('nonsense')).toEqual([])
  })

  it('keeps the Persian name beside the English one, and shows the one of the language in use', () => {
    const stored = [
      { ...product(1), nameFa: 'برنج هاشمی', addDate: 5 },
      // Saved before entries carried both names: still listed, under the name it has.
      { ...product(2), addDate: 4 },
    ]
    const [rice, older] = parseStoredHistory(stored)
    expect(rice!.nameFa).toBe('برنج هاشمی')
    vi.stubEnv('DEFAULT_LOCALE', 'fa')
    expect([nameInLocale(rice!), nameInLocale(older!)]).toEqual(['برنج هاشمی', 'Product 2'])
    vi.stubEnv('DEFAULT_LOCALE', 'en')
    expect([nameInLocale(rice!), nameInLocale(older!)]).toEqual(['Product 1', 'Product 2'])
    vi.unstubAllEnvs()
  })
})
