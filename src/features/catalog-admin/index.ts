// The public face of features/catalog-admin (client-safe): what other features and routes may import.
// Never re-export a *.server.ts file here: that belongs in index.server.ts.
// The rest of the folder is private (eslint.config.js keeps it so). Add a name when another part needs it.
export { catalogAdminQueries } from './catalog-admin.queries'
export { landingAdminQueries } from './landing-admin.queries'
