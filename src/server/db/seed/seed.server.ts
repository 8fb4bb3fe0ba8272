import '@tanstack/react-start/server-only'
import type { Db } from '../client.server'
import type { MediaStorage } from '../../providers/storage/storage.server'

export interface SeedOptions {
  /** Multiplies the catalogue size (sellers, stores, products, SKUs) for benchmarks. */
  scale: number
  storage: MediaStorage
}

export interface SeedSummary {
  users: number
  categories: number
  brands: number
  sellers: number
  stores: number
  products: number
  skus: number
  prices: number
}

/** Loads the demo marketplace into an empty database. Implemented by the seed work in progress. */
export async function seedDemoData(_db: Db, _options: SeedOptions): Promise<SeedSummary> {
  return { users: 0, categories: 0, brands: 0, sellers: 0, stores: 0, products: 0, skus: 0, prices: 0 }
}
