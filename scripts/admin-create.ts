/**
 * `npm run admin:create`: a real deployment's first administrator (or another one), with a password
 * the operator chooses. Production never loads the demo accounts (their password is published), so
 * this is how an administrator comes to exist there. An existing account of that number becomes an
 * administrator; a password given for it replaces its own and ends its sign-ins. Audited, as the
 * system acting from the command line.
 *
 *   npm run admin:create                                  asks for everything (a terminal)
 *   npm run admin:create -- --phone 09121234567 --first-name Sara --last-name Ahmadi
 *                                                         asks for the password only
 *   ADMIN_PASSWORD=… npm run admin:create -- --phone …    nothing asked (scripts, provisioning)
 *   printf '%s\n' "$PASSWORD" | npm run admin:create -- --phone … --password-stdin
 *
 * The password is never taken from the command line (other users of the machine see it in the
 * process list, and it stays in the shell's history) and never echoed. The database is the
 * configured one: DATABASE_URL, or the embedded one under DATA_DIR (stop the server first: the
 * embedded database is one process's).
 */
// Relative imports: scripts run under plain tsx, outside the app's bundler aliases.
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { createInterface } from 'node:readline/promises'
import { parseArgs } from 'node:util'
import { eq } from 'drizzle-orm'
import { ConfigError, loadServerConfig } from '../app.config'
import {
  ADMIN_PASSWORD_MIN,
  AdminAccountInputError,
  adminPasswordProblem,
  createOrPromoteAdmin,
  parseAdminPhone,
} from '../src/admin-account.server'
import { openDatabase, type Db } from '../src/server/db/client.server'
import { users } from '../src/server/db/schema'

// The script speaks English, and so do the validation messages it passes on (the sign-in form's).
process.env.DEFAULT_LOCALE = 'en'

const usage = `Usage: npm run admin:create -- [--phone NUMBER] [--first-name NAME] [--last-name NAME] [--password-stdin]

Creates an administrator, or makes the account of that mobile number one.
  --phone           Iranian mobile number (09…, +989…); env ADMIN_PHONE
  --first-name      for a new account; env ADMIN_FIRST_NAME
  --last-name       for a new account; env ADMIN_LAST_NAME
  --password-stdin  read the password from the first line of standard input
The password: env ADMIN_PASSWORD, --password-stdin, or asked for (hidden) in a terminal.
At least ${ADMIN_PASSWORD_MIN} characters with a letter and a digit. Never on the command line.
The database: DATABASE_URL, or the embedded one under DATA_DIR (stop the server first).`

class UsageError extends Error {}

const interactive = Boolean(process.stdin.isTTY && process.stdout.isTTY)

async function ask(question: string): Promise<string> {
  const rl = createInterface({ input: process.stdin, output: process.stdout })
  try {
    return (await rl.question(question)).trim()
  } finally {
    rl.close()
  }
}

/** Reads a line from the terminal without showing it (no echo, no stars). */
function askHidden(question: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const stdin = process.stdin
    process.stdout.write(question)
    stdin.setRawMode(true)
    stdin.resume()
    stdin.setEncoding('utf8')
    let value = ''
    const done = (error?: Error) => {
      stdin.setRawMode(false)
      stdin.pause()
      stdin.off('data', onData)
      process.stdout.write('\n')
      if (error) reject(error)
      else resolve(value)
    }
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n') return done()
        if (char === '\u0003') return done(new UsageError('Cancelled.'))
        if (char === '\u007f' || char === '\b') value = [...value].slice(0, -1).join('')
        else if (char >= ' ') value += char
      }
    }
    stdin.on('data', onData)
  })
}

/** The first line of standard input (a pipe), for --password-stdin. */
async function readStdinLine(): Promise<string> {
  let text = ''
  for await (const chunk of process.stdin) {
    text += String(chunk)
    if (text.includes('\n')) break
  }
  return text.split(/\r?\n/, 1)[0] ?? ''
}

async function askPassword(phone: string, required: boolean): Promise<string | undefined> {
  for (;;) {
    const password = await askHidden(
      required ? 'Password: ' : 'New password (leave empty to keep the current one): ',
    )
    if (!password && !required) return undefined
    const weak = adminPasswordProblem(password, phone)
    if (weak) {
      console.error(weak)
      continue
    }
    if ((await askHidden('Password again: ')) !== password) {
      console.error('The two passwords differ. Once more.')
      continue
    }
    return password
  }
}

async function existingAccount(db: Db, phone: string) {
  const [row] = await db
    .select({ firstName: users.firstName, lastName: users.lastName, isAdmin: users.isAdmin })
    .from(users)
    .where(eq(users.cellphone, phone))
  return row ?? null
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      phone: { type: 'string' },
      'first-name': { type: 'string' },
      'last-name': { type: 'string' },
      'password-stdin': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  })
  if (values.help) {
    console.log(usage)
    return
  }
  const env = process.env
  let config: ReturnType<typeof loadServerConfig>
  try {
    config = loadServerConfig()
  } catch (error) {
    if (error instanceof ConfigError) throw new UsageError(error.message)
    throw error
  }
  let password = env.ADMIN_PASSWORD || undefined
  if (values['password-stdin']) password = await readStdinLine()

  let phoneInput = values.phone ?? env.ADMIN_PHONE
  if (!phoneInput && interactive) phoneInput = await ask('Mobile number: ')
  if (!phoneInput) throw new UsageError(`No mobile number: give --phone or ADMIN_PHONE.\n\n${usage}`)
  const phone = parseAdminPhone(phoneInput)
  const weak = password === undefined ? null : adminPasswordProblem(password, phone)
  if (weak) throw new UsageError(weak)

  const target = config.database
  if (target.kind === 'pglite' && existsSync(join(target.dataDir, 'postmaster.pid')))
    throw new UsageError(
      `The embedded database in ${target.dataDir} is in use: stop the server first, then run this again.`,
    )
  console.log(
    `database: ${target.kind === 'pglite' ? `embedded, in ${target.dataDir}` : 'PostgreSQL (DATABASE_URL)'}`,
  )
  const handle = await openDatabase(target)
  try {
    // A new deployment may create its administrator before the server's first start.
    await handle.migrate()
    const existing = await existingAccount(handle.db, phone)
    let firstName = values['first-name'] ?? env.ADMIN_FIRST_NAME
    let lastName = values['last-name'] ?? env.ADMIN_LAST_NAME
    if (existing) {
      const name = [existing.firstName, existing.lastName].filter(Boolean).join(' ') || phone
      console.log(
        existing.isAdmin
          ? `${name} (${phone}) is already an administrator.`
          : `${name} (${phone}) has an account: it will become an administrator.`,
      )
      // An existing account keeps its name.
      firstName = undefined
      lastName = undefined
      if (password === undefined && interactive) password = await askPassword(phone, false)
    } else {
      if (!firstName && interactive) firstName = await ask('First name: ')
      if (!lastName && interactive) lastName = await ask('Last name: ')
      if (password === undefined && interactive) password = await askPassword(phone, true)
      if (password === undefined)
        throw new UsageError(
          'No password: set ADMIN_PASSWORD, pass --password-stdin, or run this in a terminal to be asked.',
        )
    }
    const result = await createOrPromoteAdmin(handle.db, { phone, firstName, lastName, password })
    const done = {
      created: `Created the administrator ${phone} (user ${result.userId}).`,
      promoted: `${phone} (user ${result.userId}) is now an administrator.`,
      already_admin: `${phone} (user ${result.userId}) is an administrator.`,
    }[result.outcome]
    console.log(done)
    if (result.passwordChanged && result.outcome !== 'created')
      console.log('Its password was replaced, and its sign-ins on every device ended.')
    if (result.blocked)
      console.log('Note: the account is blocked: it cannot sign in until an administrator unblocks it.')
    console.log('Sign in at /auth with the mobile number and the password (or a one-time code).')
  } finally {
    await handle.close()
  }
}

main().catch((error: unknown) => {
  if (error instanceof UsageError || error instanceof AdminAccountInputError) {
    console.error(error.message)
    process.exit(2)
  }
  console.error(error)
  process.exit(1)
})
