// The public face of features/admin (client-safe): what other features and routes may import.
// Never re-export a *.server.ts file here: that belongs in index.server.ts.
// The rest of the folder is private (eslint.config.js keeps it so). Add a name when another part needs it.
export { dayText } from './admin-format'
export {
  AUDIT_PER_PAGE,
  USERS_PER_PAGE,
  adminUserSearch,
  auditSearch,
  rangeSchema,
} from './admin-search.schemas'
export { adminQueries } from './admin.queries'
