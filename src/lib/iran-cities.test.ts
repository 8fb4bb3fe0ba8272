import { describe, expect, it } from 'vitest'
import { IRAN_CITIES, IRAN_PROVINCES, findIranCity, foldPlaceName, searchIranCities } from './iran-cities'

const names = (text: string) => searchIranCities(text).map((c) => c.name)

describe('the list of Iran’s provinces and cities', () => {
  it('has the 31 provinces, each with its capital first, and no city twice', () => {
    expect(IRAN_PROVINCES).toHaveLength(31)
    expect(new Set(IRAN_PROVINCES.map((p) => p.name)).size).toBe(31)
    const capitals = IRAN_PROVINCES.map((p) => p.cities[0]![0])
    expect(capitals).toEqual(
      expect.arrayContaining(['Tehran', 'Karaj', 'Isfahan', 'Mashhad', 'Tabriz', 'Urmia']),
    )
    expect(capitals).toEqual(
      expect.arrayContaining(['Ahvaz', 'Shiraz', 'Bandar Abbas', 'Zahedan', 'Yasuj', 'Shahrekord']),
    )
    // Every name a seller may type (English, Persian, alias) leads to one city only.
    const folded = IRAN_CITIES.flatMap((c) => [c.name, c.fa, ...c.aliases].map(foldPlaceName))
    expect(new Set(folded).size).toBe(folded.length)
  })

  it('finds a city by the start of its English or Persian name, with its province', () => {
    expect(names('Isf')[0]).toBe('Isfahan')
    expect(searchIranCities('isf')[0]).toMatchObject({ province: 'Isfahan', fa: 'اصفهان' })
    expect(names('اصف')[0]).toBe('Isfahan')
    expect(names('Bandar A').sort()).toEqual(['Bandar Abbas', 'Bandar Anzali'])
    expect(searchIranCities('Bojn')[0]).toMatchObject({ name: 'Bojnurd', province: 'North Khorasan' })
  })

  it('folds Arabic yeh and kaf, the non-joiner, spaces, hyphens, case and accents', () => {
    // Arabic kaf (ك) and yeh (ي), as many keyboards type them, find the Persian-spelled names.
    expect(names('كرمان')).toEqual(expect.arrayContaining(['Kerman', 'Kermanshah']))
    expect(names('كرمان')[0]).toBe('Kerman')
    expect(names('ياسوج')).toEqual(['Yasuj'])
    expect(names('شاهین شهر')).toEqual(['Shahin Shahr'])
    expect(names('شاهین\u200cشهر')).toEqual(['Shahin Shahr'])
    expect(names('shahinshahr')).toEqual(['Shahin Shahr'])
    expect(names('torbat e heydarieh')).toEqual(['Torbat-e Heydarieh'])
    expect(names('ÍSFAHAN')[0]).toBe('Isfahan')
  })

  it('ranks a name that starts with the text before one that contains it, then a province’s cities', () => {
    const found = names('shahr')
    // These start with it (Qods by its other name, Shahr-e Qods); "Eslamshahr" only contains it.
    expect(found.slice(0, 5).sort()).toEqual(['Qods', 'Shahrekord', 'Shahreza', 'Shahriar', 'Shahrud'])
    expect(found.indexOf('Eslamshahr')).toBeGreaterThan(found.indexOf('Shahrud'))
    // A province's name lists its cities, the capital first.
    expect(names('Khuzestan')[0]).toBe('Ahvaz')
    expect(names('Khuzestan')).toHaveLength(10)
    expect(names('خوزستان')[0]).toBe('Ahvaz')
  })

  it('finds nothing for text that names no city, and the whole list for no text', () => {
    expect(names('xyzzy')).toEqual([])
    expect(names('')).toHaveLength(IRAN_CITIES.length)
    expect(names('  ')).toHaveLength(IRAN_CITIES.length)
  })

  it('tells whether a text names a listed city exactly, and which', () => {
    expect(findIranCity('tehran')?.name).toBe('Tehran')
    expect(findIranCity('تهران')?.name).toBe('Tehran')
    expect(findIranCity('  Bandar   Abbas ')?.name).toBe('Bandar Abbas')
    expect(findIranCity('Orumiyeh')?.name).toBe('Urmia')
    expect(findIranCity('Tehrn')).toBeUndefined()
    expect(findIranCity('Teh')).toBeUndefined()
    expect(findIranCity('')).toBeUndefined()
    expect(findIranCity('--')).toBeUndefined()
  })
})
