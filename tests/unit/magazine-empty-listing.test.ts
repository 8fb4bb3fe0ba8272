import { describe, expect, it } from 'vitest'
import { emptyMagazineListing } from '~/features/magazines/magazine-list-empty'
import { inLocale } from '~/server/log.server'

describe('/magazine with no cards (issue #36)', () => {
  it('without a search or filter, says no magazine has been published yet, in both languages', () => {
    expect(inLocale('en', () => emptyMagazineListing({}))).toEqual({
      title: 'No magazines have been published yet',
      body: 'When sellers publish their catalogues, you will find them here.',
    })
    expect(inLocale('fa', () => emptyMagazineListing({ page: 1 })).title).toBe('هنوز کاتالوگی منتشر نشده است')
  })

  it('with a search, a seller or a category, says nothing matched and how to widen it', () => {
    for (const search of [{ q: 'tea' }, { seller: 4 }, { category: 'food-and-beverages' }])
      expect(inLocale('en', () => emptyMagazineListing(search))).toEqual({
        title: 'No magazines found',
        body: 'Try another search, or clear the filters.',
      })
    expect(inLocale('fa', () => emptyMagazineListing({ q: 'چای' })).title).toBe('کاتالوگی پیدا نشد')
  })
})
