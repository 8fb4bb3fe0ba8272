// The client-safe face of features/ledger: its enumerations and types. Everything that reads or
// writes money is server-only (index.server.ts).
export { ledgerAccountKinds, ledgerEntryKinds } from '~/lib/ledger-enums'
export type { LedgerAccountKind, LedgerEntryKind } from '~/lib/ledger-enums'
