// The public face of features/compare (client-safe): what other features and routes may import.
// Never re-export a *.server.ts file here: that belongs in index.server.ts.
// The rest of the folder is private (eslint.config.js keeps it so). Add a name when another part needs it.
export { restoreCompare, useCompareItems } from './compare-store'
export { AddToCompareButton } from './components/add-to-compare-button'
/** The compare drawer's code, loaded the first time the drawer opens (its own chunk). */
export const loadCompareDrawer = () =>
  import('./components/compare-drawer').then((m) => ({ default: m.CompareDrawer }))
