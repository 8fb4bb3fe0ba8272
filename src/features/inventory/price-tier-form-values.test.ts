import { describe, expect, it } from 'vitest'
import {
  emptyTierRow,
  hasSeasonToDuplicate,
  nextSeasonRows,
  rowsForRules,
  tierFormToInput,
} from './price-tier-form-values'
import type { PriceTierView, SkuPricesView } from './price-tiers.schemas'

// 2026-11-26 10:00 in Tehran (UTC+3:30).
const NOW = '2026-11-26T06:30:00.000Z'

const stored = (over: Partial<PriceTierView>): PriceTierView => ({
  id: 1,
  minQuantity: 1,
  unitPrice: 1000,
  offerPrice: 0,
  pricePerPiece: 1000,
  validFrom: '2026-11-01T00:00:00.000Z',
  validTo: null,
  state: 'active',
  ...over,
})

const view = (tiers: PriceTierView[]): SkuPricesView => ({
  skuId: 1,
  sku: 'SKU-1',
  productName: 'Tea',
  productNameFa: null,
  storeId: 1,
  storeName: 'Store',
  unit: 'carton',
  piecesPerPack: 4,
  canEdit: true,
  now: NOW,
  tiers,
})

describe('the new-tiers form values', () => {
  it('start now, on Tehran’s wall clock', () => {
    expect(emptyTierRow(view([]))).toMatchObject({
      validFrom: '2026-11-26T10:00',
      validTo: '',
      offerPrice: 0,
    })
  })

  it('read times as Tehran time and leave out rows not yet complete', () => {
    const rows = rowsForRules([
      { minQuantity: 10, unitPrice: 900, offerPrice: null, validFrom: '2026-11-27T00:00', validTo: '' },
      { minQuantity: null, unitPrice: 900, offerPrice: 0, validFrom: '2026-11-27T00:00', validTo: '' },
    ])
    expect(rows).toHaveLength(1)
    expect(rows[0]!.tier).toEqual({
      minQuantity: 10,
      unitPrice: 900,
      offerPrice: 0,
      validFrom: new Date('2026-11-26T20:30:00.000Z'),
      validTo: null,
    })
  })

  it('become the server’s input, with the rules’ messages on their fields before sending', () => {
    const page = view([stored({})])
    const ok = tierFormToInput(page, {
      tiers: [
        { minQuantity: 10, unitPrice: 900, offerPrice: 850, validFrom: '2026-11-27T00:00', validTo: '' },
      ],
    })
    expect(ok.errors).toEqual({})
    expect(ok.input).toEqual({
      sku: 'SKU-1',
      tiers: [
        {
          minQuantity: 10,
          unitPrice: 900,
          offerPrice: 850,
          validFrom: '2026-11-26T20:30:00.000Z',
          validTo: null,
        },
      ],
    })
    const clash = tierFormToInput(page, {
      tiers: [
        { minQuantity: 1, unitPrice: 900, offerPrice: 0, validFrom: '2026-11-27T00:00', validTo: '' },
        { minQuantity: 5, unitPrice: 950, offerPrice: 0, validFrom: '2026-11-27T00:00', validTo: 'nonsense' },
      ],
    })
    expect(clash.errors['tiers[1].validTo']).toMatch(/Enter a date and time/)
    const rules = tierFormToInput(page, {
      tiers: [{ minQuantity: 1, unitPrice: 900, offerPrice: 0, validFrom: '2026-11-27T00:00', validTo: '' }],
    })
    expect(rules.errors['tiers[0].minQuantity']).toMatch(/already used by an existing tier/)
  })

  it('duplicate the active tiers for next season, from when they end or from tomorrow', () => {
    const ending = view([
      stored({ validTo: '2026-12-01T20:30:00.000Z' }),
      stored({ id: 2, minQuantity: 10, unitPrice: 900, validTo: '2026-12-10T20:30:00.000Z' }),
      stored({ id: 3, minQuantity: 50, state: 'expired' }),
    ])
    expect(nextSeasonRows(ending)).toEqual([
      { minQuantity: 1, unitPrice: 1000, offerPrice: 0, validFrom: '2026-12-11T00:00', validTo: '' },
      { minQuantity: 10, unitPrice: 900, offerPrice: 0, validFrom: '2026-12-11T00:00', validTo: '' },
    ])
    expect(nextSeasonRows(view([stored({})]))[0]!.validFrom).toBe('2026-11-27T00:00')
  })

  it('duplicate the last scheduled season when there is one, even with no active tier', () => {
    const winter = view([
      stored({ id: 1, state: 'expired', validTo: '2026-11-20T20:30:00.000Z' }),
      // Two seasons scheduled: the later one (from 1 January) is copied.
      stored({
        id: 2,
        state: 'scheduled',
        validFrom: '2026-11-30T20:30:00.000Z',
        validTo: '2026-12-31T20:30:00.000Z',
      }),
      stored({
        id: 3,
        state: 'scheduled',
        minQuantity: 1,
        unitPrice: 1200,
        validFrom: '2026-12-31T20:30:00.000Z',
        validTo: '2027-03-20T20:30:00.000Z',
      }),
      stored({
        id: 4,
        state: 'scheduled',
        minQuantity: 20,
        unitPrice: 1100,
        offerPrice: 1050,
        validFrom: '2026-12-31T20:30:00.000Z',
        validTo: '2027-03-20T20:30:00.000Z',
      }),
    ])
    expect(hasSeasonToDuplicate(winter)).toBe(true)
    expect(nextSeasonRows(winter)).toEqual([
      { minQuantity: 1, unitPrice: 1200, offerPrice: 0, validFrom: '2027-03-21T00:00', validTo: '' },
      { minQuantity: 20, unitPrice: 1100, offerPrice: 1050, validFrom: '2027-03-21T00:00', validTo: '' },
    ])
    // An open-ended scheduled season: the copy starts the Tehran midnight after it starts.
    const open = view([stored({ state: 'scheduled', validFrom: '2026-12-31T20:30:00.000Z', validTo: null })])
    expect(nextSeasonRows(open)[0]!.validFrom).toBe('2027-01-02T00:00')
    expect(hasSeasonToDuplicate(view([stored({ state: 'expired' })]))).toBe(false)
  })
})
