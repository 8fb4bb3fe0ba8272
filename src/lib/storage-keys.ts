/**
 * Every browser storage key the app uses (spec §9), in one place so that two features never
 * collide and a rename is one edit. Values are the names the spec gives.
 */
export const storageKeys = {
  mainData: 'mainData',
  indexData: 'indexData',
  indexTabProduct: 'indexTabProduct',
  categoryIndex: 'categoryIndex',
  lastSeenUrl: 'lastSeenUrl',
  activePanel: 'activePanel',
  /** The guest basket (spec §4). */
  cart: 'cart',
  /** Browsing history (spec §3). */
  historyItems: 'historyItems',
  /** Not named by the spec: the compare drawer's products. */
  compareItems: 'compareItems',
} as const

/** Session storage: when the page last reloaded itself (the 10 s reload guard, spec §9). */
export const sessionStorageKeys = {
  chunkReloadAt: 'chunkReloadAt',
  authReloadAt: 'authReloadAt',
  /** One-time codes this tab asked for: when each may be resent (survives a reload of /auth/verify). */
  authCodesSent: 'authCodesSent',
} as const

export type StorageKey = (typeof storageKeys)[keyof typeof storageKeys]
