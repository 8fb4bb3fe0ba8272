import { describe, expect, it } from 'vitest'
import { catalogTree } from './catalog-tree'
import { generateMarket } from './market-generator'
import { persianSellerName, persianStoreName } from './store-names-fa'
import { persianUnit } from './units-fa'

/** Persian letters (with ی and ک, not the Arabic forms), Persian digits, spaces, ZWNJ and brackets. */
const cleanPersian = /^[آابپتثجچحخدذرزژسشصضطظعغفقکگلمنوهیءأؤئ۰-۹ \u200c()]+$/

describe('persianUnit', () => {
  it('writes the pack, the count in Persian digits, then what it counts', () => {
    expect(persianUnit('carton of 12')).toBe('کارتن ۱۲ عددی')
    expect(persianUnit('sack of 25 kg')).toBe('کیسه ۲۵ کیلویی')
    expect(persianUnit('carton of 10 packs')).toBe('کارتن ۱۰ بسته‌ای')
    expect(persianUnit('roll of 100 m')).toBe('رول ۱۰۰ متری')
    expect(persianUnit('box of 1')).toBe('جعبه تکی')
  })

  it('throws naming a unit it cannot read', () => {
    expect(() => persianUnit('crate of 12')).toThrow('"crate of 12"')
    expect(() => persianUnit('dozen')).toThrow('"dozen"')
  })

  it('has clean Persian for every unit of the demo catalogue', () => {
    const units = new Set(catalogTree.flatMap((top) => top.children.flatMap((leaf) => leaf.variants.map((v) => v[1]))))
    for (const unit of units) expect(persianUnit(unit), unit).toMatch(cleanPersian)
  })
})

describe('persianStoreName', () => {
  it('puts the kind of business first, then the name and the branch city', () => {
    expect(persianStoreName('Golestan Trading')).toBe('بازرگانی گلستان')
    expect(persianStoreName('Ahmadi Wholesale Mashhad')).toBe('عمده‌فروشی احمدی مشهد')
    expect(persianStoreName('Pars Import & Export 12 Tabriz')).toBe('صادرات و واردات پارس ۱۲ تبریز')
    expect(persianStoreName('Tehrani Wholesale Central')).toBe('عمده‌فروشی تهرانی (شعبه مرکزی)')
  })

  it('throws naming a store with a part it does not know', () => {
    expect(() => persianStoreName('Unknown Trading')).toThrow('"Unknown"')
    expect(() => persianStoreName('Pars Emporium')).toThrow('"Pars Emporium"')
  })

  it('names every generated store in clean Persian, distinct where the English names are', () => {
    const names = generateMarket(3).sellers.flatMap((s) => s.stores.map((store) => store))
    for (const store of names) expect(store.nameFa, store.name).toMatch(cleanPersian)
    const english = new Set(names.map((s) => s.name))
    expect(new Set(names.map((s) => s.nameFa)).size).toBe(english.size)
  })
})

describe('persianSellerName', () => {
  it('names a seller like its first store, in Persian order', () => {
    expect(persianSellerName('Sepahan Distribution')).toBe('پخش سپاهان')
    expect(persianSellerName('Tehrani Wholesale')).toBe('عمده‌فروشی تهرانی')
    expect(persianSellerName('Shirazi Fresh Supply')).toBe('تأمین کالای تازه شیرازی')
  })

  it('gives every generated seller clean Persian, without changing the generated market', () => {
    const market = generateMarket(3)
    for (const seller of market.sellers) expect(seller.displayNameFa, seller.displayName).toMatch(cleanPersian)
    expect(new Set(market.sellers.map((s) => s.displayNameFa)).size).toBe(
      new Set(market.sellers.map((s) => s.displayName)).size,
    )
    // Derived, not drawn: the English names are the generator's as before (seed 3's first sellers).
    const again = generateMarket(3)
    expect(again.sellers.map((s) => s.displayName)).toEqual(market.sellers.map((s) => s.displayName))
  })
})
