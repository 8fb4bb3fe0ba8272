import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { getCheckout } from '~/features/checkout/checkout.server'
import { getSellerProfile, updateSellerProfile } from '~/features/sellers/sellers.server'
import {
  DELIVERY_FEE_MESSAGE,
  FREE_DELIVERY_THRESHOLD_MESSAGE,
  updateSellerProfileInput,
} from '~/features/sellers/sellers.schemas'
import { authenticateAccessToken, type AuthContext } from '~/server/auth/session.server'
import type { Db } from '~/server/db/client.server'
import { sellers } from '~/server/db/schema'
import { HttpError, parseInput } from '~/server/http/api-errors.server'
import { createSeller, createStore, createUser } from '../factories/create'
import { closeAuthTestDatabase, openAuthTestDatabase, signInAs } from './auth-fixtures'
import { createOffer } from './basket-fixtures'
import { createBuyer, fillCart } from './checkout-fixtures'

/** The seller's delivery terms (issue #7): set on /seller/profile, used by checkout. */

let db: Db

beforeAll(async () => {
  ;({ db } = await openAuthTestDatabase())
})
afterAll(closeAuthTestDatabase)

const authOf = async (userId: number): Promise<AuthContext> =>
  (await authenticateAccessToken(db, (await signInAs(db, userId)).accessToken, 'cookie'))!

const details = {
  display_name: 'Golbarg Foods',
  phone: '09121234567',
  city: 'Tehran',
  address: 'No. 3, Enghelab St',
  goods_category: 'Tea',
}

function messagesFor(fields: Record<string, unknown>): Record<string, string[]> | null {
  try {
    parseInput(updateSellerProfileInput, { ...details, ...fields })
    return null
  } catch (error) {
    return (error as HttpError).fieldErrors ?? null
  }
}

describe('seller delivery fee and free-delivery threshold', () => {
  it('reads amounts as typed (separators, Persian digits) and an empty threshold as never', () => {
    expect(
      parseInput(updateSellerProfileInput, {
        ...details,
        delivery_fee: '150,000',
        free_delivery_threshold: '۵۰۰۰۰۰۰',
      }),
    ).toMatchObject({
      delivery_fee: 150_000,
      free_delivery_threshold: 5_000_000,
    })
    expect(
      parseInput(updateSellerProfileInput, { ...details, delivery_fee: 0, free_delivery_threshold: '' }),
    ).toMatchObject({
      delivery_fee: 0,
      free_delivery_threshold: null,
    })
  })

  it.each([['-5'], ['12.5'], ['abc'], [''], [-1]])('refuses the delivery fee %j', (fee) => {
    expect(messagesFor({ delivery_fee: fee })).toEqual({ delivery_fee: [DELIVERY_FEE_MESSAGE()] })
  })

  it.each([['-1'], ['1.5'], ['free'], [-3]])('refuses the threshold %j', (threshold) => {
    expect(messagesFor({ delivery_fee: '0', free_delivery_threshold: threshold })).toEqual({
      free_delivery_threshold: [FREE_DELIVERY_THRESHOLD_MESSAGE()],
    })
  })

  it('the owner saves them, the profile shows them, and checkout charges them', async () => {
    const owner = await createUser(db, { isSeller: true })
    const seller = await createSeller(db, { owner })
    const auth = await authOf(owner.id)
    const saved = await updateSellerProfile(
      db,
      auth,
      parseInput(updateSellerProfileInput, {
        ...details,
        delivery_fee: '80000',
        free_delivery_threshold: '2000000',
      }),
    )
    expect(saved).toMatchObject({ delivery_fee: 80_000, free_delivery_threshold: 2_000_000 })
    expect(await getSellerProfile(db, auth)).toMatchObject({
      delivery_fee: 80_000,
      free_delivery_threshold: 2_000_000,
    })

    const buyer = await createBuyer(db)
    const offer = await createOffer(db, { store: await createStore(db, { seller }) })
    const { cartIds } = await fillCart(db, buyer, [{ skuId: offer.skuId, quantity: 1 }])
    const view = await getCheckout(db, buyer.auth, { cartId: cartIds.get(seller.id)! })
    expect(view.seller).toMatchObject({ deliveryFee: 80_000, freeDeliveryThreshold: 2_000_000 })

    // Clearing the threshold: delivery is never free; a save without the fields leaves them alone.
    await updateSellerProfile(
      db,
      auth,
      parseInput(updateSellerProfileInput, {
        ...details,
        delivery_fee: '80000',
        free_delivery_threshold: '',
      }),
    )
    await updateSellerProfile(db, auth, parseInput(updateSellerProfileInput, details))
    const [row] = await db.select().from(sellers).where(eq(sellers.id, seller.id))
    expect(row).toMatchObject({ deliveryFee: 80_000, freeDeliveryThreshold: null })
  })

  it('an observer cannot change them', async () => {
    const owner = await createUser(db, { isSeller: true })
    const seller = await createSeller(db, { owner, deliveryFee: 10_000 })
    const observer = await createUser(db, { isObserver: true, pointingSellerId: seller.id })
    const error = await updateSellerProfile(
      db,
      await authOf(observer.id),
      parseInput(updateSellerProfileInput, { ...details, delivery_fee: '0' }),
    ).catch((e: unknown) => e)
    expect((error as HttpError).status).toBe(403)
    const [row] = await db.select().from(sellers).where(eq(sellers.id, seller.id))
    expect(row!.deliveryFee).toBe(10_000)
  })
})
