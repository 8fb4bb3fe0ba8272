import { describe, expect, it } from 'vitest'
import { evaluateRow, type SkuFacts } from './import-diff'
import type { SheetRow } from './import-rows'

describe('a dry run names days as pages do', () => {
  it('says which Tehran day a tier that has already ended was valid to', () => {
    // "2026-12-02 00:30" in the sheet is 21:00 UTC on 1 December: the day passed is 2 Dec in Tehran.
    const validTo = new Date('2026-12-01T21:00:00Z')
    const at = new Date('2026-12-02T05:00:00Z')
    const facts: SkuFacts = {
      skuId: 1,
      productId: 1,
      stock: 10,
      alwaysAvailable: false,
      piecesPerPack: 1,
      tiers: [
        {
          id: 1,
          minQuantity: 1,
          unitPrice: 100_000,
          offerPrice: 0,
          validFrom: new Date('2026-11-01T00:00:00Z'),
          validTo: null,
        },
      ],
    }
    const row: SheetRow = {
      rowNumber: 2,
      sku: 'SKU-1',
      currentStock: null,
      newStock: null,
      alwaysAvailable: null,
      tiers: [{ minQuantity: 1, unitPrice: 90_000, offerPrice: 0, validFrom: null, validTo }],
      errors: [],
    }
    expect(evaluateRow(row, facts, at, false).errors).toEqual([
      'Tier 1: valid to 2 Dec 2026 has already passed',
    ])
  })
})
