// The public face of features/auth (client-safe): what other features and routes may import.
// Never re-export a *.server.ts file here: that belongs in index.server.ts.
// The rest of the folder is private (eslint.config.js keeps it so). Add a name when another part needs it.
export { authQueries } from './auth.queries'
export { asciiDigits, codeSchema, emailSchema } from './auth.schemas'
export type { User } from './auth.schemas'
export { activePanelFor, isPanel, isRememberedPath, panelOfPath } from './panel-rules'
export type { Panel } from './panel-rules'
export { REQUIRED, normalizeIranMobile, phoneSchema } from './phone.schemas'
export { guardArea, guardGuestOnly } from './route-guards'
export {
  ensureCurrentUser,
  refetchCurrentUser,
  sessionQueries,
  setCurrentUser,
  updateCurrentUser,
  userScoped,
} from './session.queries'
export { displayName } from './session.schemas'
export { useCurrentUser, useSignOut } from './use-session'
