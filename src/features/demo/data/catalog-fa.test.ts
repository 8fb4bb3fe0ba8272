import { describe, expect, it } from 'vitest'
import { fa, faNames, persianProductName } from './catalog-fa'
import { catalogTree, type Item, type Variant } from './catalog-tree'

const singleUnit = /^single( unit)?$/i
const itemName = (item: Item) => (typeof item === 'string' ? item : item[0])

function itemVariants(item: Item, variants: readonly Variant[]): readonly Variant[] {
  const indexes = typeof item === 'string' ? undefined : item[2]
  return indexes ? indexes.map((i) => variants[i]).filter((v): v is Variant => v !== undefined) : variants
}

/** Every English entry of the catalogue, by kind. */
function catalogueEntries() {
  const kinds = {
    department: new Set<string>(),
    leaf: new Set<string>(),
    item: new Set<string>(),
    qualifier: new Set<string>(),
    variant: new Set<string>(),
    brand: new Set<string>(),
  }
  for (const top of catalogTree) {
    kinds.department.add(top.name)
    for (const brand of top.brands) kinds.brand.add(brand)
    for (const leaf of top.children) {
      kinds.leaf.add(leaf.name)
      for (const item of leaf.items) kinds.item.add(itemName(item))
      for (const qualifier of leaf.qualifiers ?? []) kinds.qualifier.add(qualifier)
      for (const [label] of leaf.variants) if (!singleUnit.test(label)) kinds.variant.add(label)
    }
  }
  return kinds
}

const persianLetters = 'آابپتثجچحخدذرزژسشصضطظعغفقکگلمنوهیءأؤئ'
const persianText = new RegExp(`^[${persianLetters}۰-۹ \u200c٫()\\-،/]+$`)
/** Letters that never join the next one: a ZWNJ after them does nothing. */
const nonJoining = 'آادذرزژوءأؤ'

/** What is wrong with a Persian value, if anything. */
function problems(value: string): string[] {
  const found: string[] = []
  if (/[A-Za-z]/.test(value)) found.push('Latin letters')
  if (/[0-9]/.test(value)) found.push('ASCII digits')
  if (/[يك]/.test(value)) found.push('Arabic ي or ك')
  if (/[٠-٩]/.test(value)) found.push('Arabic-Indic digits')
  if (!persianText.test(value)) found.push('a character outside Persian letters, digits and ()-،/')
  if (value !== value.trim() || value.includes('  ')) found.push('stray spaces')
  if (/^\u200c|\u200c$|\u200c | \u200c|\u200c\u200c/.test(value)) found.push('a ZWNJ next to a space or an end')
  if (new RegExp(`[${nonJoining}]\u200c`).test(value)) found.push('a ZWNJ after a non-joining letter')
  return found
}

describe('faNames', () => {
  const kinds = catalogueEntries()

  it.each(Object.entries(kinds))('has the Persian of every %s', (_kind, english) => {
    const missing = [...english].filter((word) => !Object.hasOwn(faNames, word))
    expect(missing, `no Persian for: ${missing.join(', ')}`).toEqual([])
  })

  it('has no entries the catalogue does not use', () => {
    const used = new Set(Object.values(kinds).flatMap((set) => [...set]))
    expect(Object.keys(faNames).filter((english) => !used.has(english))).toEqual([])
  })

  it('writes every value in Persian', () => {
    const wrong = Object.entries(faNames)
      .map(([english, persian]) => ({ english, persian, problems: problems(persian) }))
      .filter((entry) => entry.problems.length > 0)
    expect(wrong).toEqual([])
  })

  it('knows the Persian of the brief', () => {
    expect(fa('Tarom Rice')).toBe('برنج طارم')
    expect(fa('Sunflower Oil')).toBe('روغن آفتابگردان')
    expect(fa('Facial Tissues')).toBe('دستمال کاغذی')
    expect(fa('Golbarg')).toBe('گلبرگ')
    expect(fa('1 kg Bag')).toBe('کیسه ۱ کیلویی')
    expect(fa('810 g Bottle')).toBe('بطری ۸۱۰ گرمی')
    expect(fa('4 L Can')).toBe('حلب ۴ لیتری')
    expect(fa('Pack of 12')).toBe('بسته ۱۲ عددی')
    expect(fa('1.5 L Bottle')).toBe('بطری ۱٫۵ لیتری')
  })
})

describe('fa', () => {
  it('throws naming a missing entry', () => {
    expect(() => fa('no such word')).toThrow('no such word')
  })

  it('does not answer for properties every object has', () => {
    expect(() => fa('constructor')).toThrow('constructor')
    expect(() => fa('toString')).toThrow('toString')
  })
})

describe('persianProductName', () => {
  it('puts the noun first, then the qualifier, then the pack', () => {
    expect(persianProductName({ qualifier: 'Premium', item: 'Basmati Rice', variantLabel: '10 kg Sack' })).toBe(
      'برنج باسماتی ممتاز کیسه ۱۰ کیلویی',
    )
    expect(persianProductName({ qualifier: '2-Ply', item: 'Facial Tissues', variantLabel: 'Box of 100' })).toBe(
      'دستمال کاغذی دولایه جعبه ۱۰۰ عددی',
    )
    expect(
      persianProductName({ qualifier: 'Stainless Steel', item: 'Table Spoon', variantLabel: 'Pack of 12' }),
    ).toBe('قاشق غذاخوری استیل ضدزنگ بسته ۱۲ عددی')
    expect(persianProductName({ qualifier: 'Classic', item: 'Black Tea', variantLabel: '100 Tea Bags' })).toBe(
      'چای سیاه کلاسیک کیسه‌ای بسته ۱۰۰ عددی',
    )
    expect(persianProductName({ item: 'Building Blocks Set', variantLabel: '500 Pieces' })).toBe(
      'ست بلوک ساختنی ۵۰۰ قطعه‌ای',
    )
  })

  it('drops an empty qualifier or pack without double spaces', () => {
    expect(persianProductName({ item: 'Sunflower Oil', variantLabel: '1.5 L Bottle' })).toBe(
      'روغن آفتابگردان بطری ۱٫۵ لیتری',
    )
    expect(persianProductName({ qualifier: '', item: 'Claw Hammer', variantLabel: '' })).toBe('چکش دوشاخ')
    expect(persianProductName({ qualifier: 'Heavy Duty', item: 'Claw Hammer', variantLabel: 'Single' })).toBe(
      'چکش دوشاخ مقاوم',
    )
    expect(persianProductName({ item: 'Cordless Drill', variantLabel: 'Single Unit' })).toBe('دریل شارژی')
    expect(persianProductName({ item: 'Cordless Drill' })).toBe('دریل شارژی')
  })

  it('throws naming a missing part', () => {
    expect(() => persianProductName({ item: 'Basmati Rice', variantLabel: 'Crate of 7' })).toThrow('Crate of 7')
  })

  it('names every product the generator can pick in clean Persian, distinct within its category', () => {
    const wrong: string[] = []
    const clashes: string[] = []
    for (const top of catalogTree) {
      for (const leaf of top.children) {
        const seen = new Map<string, string>()
        for (const item of leaf.items) {
          for (const [variantLabel] of itemVariants(item, leaf.variants)) {
            for (const qualifier of [undefined, ...(leaf.qualifiers ?? [])]) {
              const english = [qualifier, itemName(item), variantLabel].filter(Boolean).join(' ')
              const persian = persianProductName({ qualifier, item: itemName(item), variantLabel })
              const found = problems(persian)
              if (found.length > 0) wrong.push(`${english} → ${persian}: ${found.join(', ')}`)
              const other = seen.get(persian)
              if (other !== undefined) clashes.push(`${other} and ${english} → ${persian}`)
              seen.set(persian, english)
            }
          }
        }
      }
    }
    expect(wrong).toEqual([])
    expect(clashes).toEqual([])
  })
})
