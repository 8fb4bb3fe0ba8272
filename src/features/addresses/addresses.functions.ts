import { createServerFn } from '@tanstack/react-start'
import { signedIn } from '~/server/auth/middleware'
import { validate } from '~/server/http/api-errors.server'
import { addressIdInput, addressInput, updateAddressInput } from './addresses.schemas'
import {
  createAddress,
  deleteAddress,
  getAddress,
  listAddresses,
  setDefaultAddress,
  updateAddress,
} from './addresses.server'

/** Server functions for /buyer/profile/address and the checkout's picker. Ownership lives in the operations. */

export const fetchMyAddresses = createServerFn({ method: 'GET' })
  .middleware([signedIn])
  .handler(async ({ context }) => listAddresses(context.db, context.auth))

export const fetchAddress = createServerFn({ method: 'GET' })
  .middleware([signedIn])
  .validator(validate(addressIdInput))
  .handler(async ({ data, context }) => getAddress(context.db, context.auth, data))

export const createAddressFn = createServerFn({ method: 'POST' })
  .middleware([signedIn])
  .validator(validate(addressInput))
  .handler(async ({ data, context }) => createAddress(context.db, context.auth, data))

export const updateAddressFn = createServerFn({ method: 'POST' })
  .middleware([signedIn])
  .validator(validate(updateAddressInput))
  .handler(async ({ data, context }) => updateAddress(context.db, context.auth, data))

export const setDefaultAddressFn = createServerFn({ method: 'POST' })
  .middleware([signedIn])
  .validator(validate(addressIdInput))
  .handler(async ({ data, context }) => setDefaultAddress(context.db, context.auth, data))

export const deleteAddressFn = createServerFn({ method: 'POST' })
  .middleware([signedIn])
  .validator(validate(addressIdInput))
  .handler(async ({ data, context }) => deleteAddress(context.db, context.auth, data))
