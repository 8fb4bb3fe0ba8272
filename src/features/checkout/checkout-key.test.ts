import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { newIdempotencyKey } from './checkout-key'
import { placeOrderInput } from './checkout.schemas'

describe('place-order idempotency key', () => {
  it('is accepted by the server’s schema and differs between visits', () => {
    const keys = Array.from({ length: 200 }, newIdempotencyKey)
    for (const idempotencyKey of keys) {
      const parsed = v.safeParse(placeOrderInput, {
        cartId: 1,
        addressId: null,
        deliveryMethod: 'pickup',
        idempotencyKey,
      })
      expect(parsed.success, idempotencyKey).toBe(true)
    }
    expect(new Set(keys).size).toBe(keys.length)
  })
})
