// The server-only face of features/auth: what other features, routes and the server entry may use on the server.
// Server code imports everything it needs from here (client-safe names are repeated for it).
// The rest of the folder is private (eslint.config.js keeps it so). Add a name when another part needs it.
export { onAccountCreated } from './account-hooks.server'
export { checkCode, consumeCode, issueCode } from './auth-codes.server'
export type { CodePurpose, CodeTarget } from './auth-codes.server'
export { maskPhone } from './auth-events.server'
export {
  logoutEndpoint,
  otpRequestEndpoint,
  otpVerifyEndpoint,
  passwordEndpoint,
  profileEndpoint,
  refreshEndpoint,
  registerEndpoint,
  removeCookieEndpoint,
} from './auth-api.server'
export { firstNameSchema, lastNameSchema } from './auth.schemas'
export { codeSchema } from './auth.schemas'
export type { CodeSent, User } from './auth.schemas'
export { phoneSchema } from './phone.schemas'
