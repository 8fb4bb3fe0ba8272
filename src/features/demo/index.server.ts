// The server-only face of features/demo: what other features, routes and the server entry may use on the server.
// Server code imports everything it needs from here (client-safe names are repeated for it).
// The rest of the folder is private (eslint.config.js keeps it so). Add a name when another part needs it.
export { demoAccounts, demoPassword } from './data/demo-accounts'
export { seedDemoData } from './seed.server'
