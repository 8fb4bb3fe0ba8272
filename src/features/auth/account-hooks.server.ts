import '@tanstack/react-start/server-only'
import type { DbOrTx } from '~/server/db/client.server'
import { hookRegistry } from '~/server/hook-registry.server'

/** An account just created, as the features above auth see it. */
export interface NewAccount {
  id: number
  cellphone: string
}

/**
 * What another feature does when an account is created, inside the transaction that creates it
 * and before its first session (a seller's pending observer invitation is accepted, say). Features
 * above auth register here, once at start (src/feature-hooks.server.ts), so auth imports none of them.
 */
export type AccountCreatedHook = (tx: DbOrTx, account: NewAccount) => Promise<unknown>

const accountCreatedHooks = hookRegistry<string, AccountCreatedHook>('auth.account-created')

/** Registers (or, under the same name, replaces) a hook: registering again at start is harmless. */
export function onAccountCreated(name: string, hook: AccountCreatedHook): void {
  accountCreatedHooks.set(name, hook)
}

/** Runs every hook in order of registration; one that throws rolls the registration back. */
export async function runAccountCreatedHooks(tx: DbOrTx, account: NewAccount): Promise<void> {
  for (const hook of accountCreatedHooks.values()) await hook(tx, account)
}
