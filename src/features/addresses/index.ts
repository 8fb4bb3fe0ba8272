// The public face of features/addresses (client-safe): what other features and routes may import.
// Never re-export a *.server.ts file here: that belongs in index.server.ts.
// The rest of the folder is private (eslint.config.js keeps it so). Add a name when another part needs it.
export { addressQueries } from './addresses.queries'
export { MAX_ADDRESSES, formatAddressLine } from './addresses.schemas'
export type { Address } from './addresses.schemas'
export { InlineAddressCreate } from './components/inline-address-create'
