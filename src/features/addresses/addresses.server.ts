import '@tanstack/react-start/server-only'
import { and, count, desc, eq, ne } from 'drizzle-orm'
import { requireUser } from '~/server/auth/guards.server'
import type { AuthContext } from '~/server/auth/session.server'
import { now } from '~/server/clock.server'
import type { Db, DbOrTx, Tx } from '~/server/db/client.server'
import { addresses, users } from '~/server/db/schema'
import { HttpError, notFound } from '~/server/http/api-errors.server'
import { log } from '~/server/log.server'
import {
  ADDRESS_NOT_FOUND,
  MAX_ADDRESSES,
  TOO_MANY_ADDRESSES,
  type Address,
  type AddressIdInput,
  type AddressInput,
  type UpdateAddressInput,
} from './addresses.schemas'

type AddressRow = typeof addresses.$inferSelect

function toAddress(row: AddressRow): Address {
  return {
    id: row.id,
    title: row.title,
    province: row.province,
    city: row.city,
    street: row.street,
    postal_code: row.postalCode,
    receiver_name: row.receiverName,
    receiver_phone: row.receiverPhone,
    is_default: row.isDefault,
    created_at: row.createdAt.toISOString(),
  }
}

const details = (input: AddressInput) => ({
  title: input.title,
  province: input.province,
  city: input.city,
  street: input.street,
  postalCode: input.postal_code,
  receiverName: input.receiver_name,
  receiverPhone: input.receiver_phone,
})

/** The default first, then newest: the order of the list page and of the checkout's picker. */
const listOrder = [desc(addresses.isDefault), desc(addresses.createdAt), desc(addresses.id)]

/**
 * Locks the user's row: every write to one user's addresses goes through it, so two tabs cannot
 * both pass the cap or both leave a user without a default.
 */
async function lockUser(tx: Tx, userId: number): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update')
}

/** Another user's id answers like a missing one: ids must not reveal whose they are. */
async function ownedAddress(
  db: DbOrTx,
  userId: number,
  addressId: number,
  lock = false,
): Promise<AddressRow> {
  const query = db
    .select()
    .from(addresses)
    .where(and(eq(addresses.id, addressId), eq(addresses.userId, userId)))
  const [row] = lock ? await query.for('update') : await query
  if (!row) throw notFound(ADDRESS_NOT_FOUND())
  return row
}

/** Clears the old default before setting the new one: the partial unique index checks each statement. */
async function makeDefault(tx: Tx, userId: number, addressId: number): Promise<void> {
  const at = now()
  await tx
    .update(addresses)
    .set({ isDefault: false, updatedAt: at })
    .where(and(eq(addresses.userId, userId), eq(addresses.isDefault, true), ne(addresses.id, addressId)))
  await tx.update(addresses).set({ isDefault: true, updatedAt: at }).where(eq(addresses.id, addressId))
}

export async function listAddresses(db: DbOrTx, auth: AuthContext | null): Promise<Address[]> {
  const { user } = requireUser(auth)
  const rows = await db
    .select()
    .from(addresses)
    .where(eq(addresses.userId, user.id))
    .orderBy(...listOrder)
  return rows.map(toAddress)
}

export async function getAddress(
  db: DbOrTx,
  auth: AuthContext | null,
  input: AddressIdInput,
): Promise<Address> {
  const { user } = requireUser(auth)
  return toAddress(await ownedAddress(db, user.id, input.address_id))
}

/** The first address is the default whatever the form said; past the cap, a 422 the form shows. */
export async function createAddress(db: Db, auth: AuthContext | null, input: AddressInput): Promise<Address> {
  const { user } = requireUser(auth)
  const created = await db.transaction(async (tx) => {
    await lockUser(tx, user.id)
    const [existing] = await tx.select({ n: count() }).from(addresses).where(eq(addresses.userId, user.id))
    const total = existing?.n ?? 0
    if (total >= MAX_ADDRESSES) throw new HttpError(422, TOO_MANY_ADDRESSES())
    const at = now()
    const [row] = await tx
      .insert(addresses)
      .values({ ...details(input), userId: user.id, isDefault: false, createdAt: at, updatedAt: at })
      .returning()
    if (total === 0 || input.is_default) await makeDefault(tx, user.id, row!.id)
    return toAddress((await ownedAddress(tx, user.id, row!.id))!)
  })
  log().info({ userId: user.id, addressId: created.id }, 'address created')
  return created
}

/**
 * Unticking "default" on the default address changes nothing: a user with addresses always has
 * one default, and it moves only by choosing another.
 */
export async function updateAddress(
  db: Db,
  auth: AuthContext | null,
  input: UpdateAddressInput,
): Promise<Address> {
  const { user } = requireUser(auth)
  return db.transaction(async (tx) => {
    await lockUser(tx, user.id)
    await ownedAddress(tx, user.id, input.address_id, true)
    await tx
      .update(addresses)
      .set({ ...details(input), updatedAt: now() })
      .where(eq(addresses.id, input.address_id))
    if (input.is_default) await makeDefault(tx, user.id, input.address_id)
    return toAddress(await ownedAddress(tx, user.id, input.address_id))
  })
}

export async function setDefaultAddress(
  db: Db,
  auth: AuthContext | null,
  input: AddressIdInput,
): Promise<Address> {
  const { user } = requireUser(auth)
  return db.transaction(async (tx) => {
    await lockUser(tx, user.id)
    await ownedAddress(tx, user.id, input.address_id, true)
    await makeDefault(tx, user.id, input.address_id)
    return toAddress(await ownedAddress(tx, user.id, input.address_id))
  })
}

/** Deleting the default promotes the most recent remaining address, so the rule still holds. */
export async function deleteAddress(
  db: Db,
  auth: AuthContext | null,
  input: AddressIdInput,
): Promise<{ deleted_id: number; default_id: number | null }> {
  const { user } = requireUser(auth)
  const result = await db.transaction(async (tx) => {
    await lockUser(tx, user.id)
    const row = await ownedAddress(tx, user.id, input.address_id, true)
    await tx.delete(addresses).where(eq(addresses.id, row.id))
    const [next] = await tx
      .select()
      .from(addresses)
      .where(eq(addresses.userId, user.id))
      .orderBy(...listOrder)
      .limit(1)
    if (next && !next.isDefault) await makeDefault(tx, user.id, next.id)
    return { deleted_id: row.id, default_id: next?.id ?? null }
  })
  log().info({ userId: user.id, addressId: result.deleted_id }, 'address deleted')
  return result
}
