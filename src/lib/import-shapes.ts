/** Shapes of a price and stock import's rows, shared by the database columns and the pages. */

/** A SKU's stock and tiers as an import row saw them (before) or sets them (after). */
export interface ImportRowState {
  stock?: number
  alwaysAvailable?: boolean
  tiers?: {
    id?: number
    minQuantity: number
    unitPrice: number
    offerPrice: number
    validFrom: string | null
    validTo: string | null
  }[]
}

/** The traces of an applied row: the ledger movement and the tiers it ended, removed and added. */
export interface ImportRowApplied {
  movementId?: number
  expiredTierIds: number[]
  deletedTiers: {
    minQuantity: number
    unitPrice: number
    offerPrice: number
    pricePerPiece: number
    validFrom: string
    validTo: string | null
  }[]
  insertedTierIds: number[]
}
