import { createServerFn } from '@tanstack/react-start'
import { authContext, signedIn } from '~/server/auth/middleware'
import { validate } from '~/server/http/api-errors.server'
import {
  becomeSellerInput,
  sellerApplicationFilters,
  sellerDecisionInput,
  updateSellerProfileInput,
} from './sellers.schemas'
import {
  becomeSeller,
  decideSellerApplication,
  getSellerProfile,
  listSellerApplications,
  updateSellerProfile,
} from './sellers.server'

/** Server functions for /become-a-seller, /seller/profile and /admin/sellers. Guards live in the operations. */

export const becomeSellerFn = createServerFn({ method: 'POST' })
  .middleware([signedIn])
  .validator(validate(becomeSellerInput))
  .handler(async ({ data, context }) => becomeSeller(context.db, context.auth, data))

/** Seller or observer; `can_edit` is false for observers. */
export const fetchSellerProfile = createServerFn({ method: 'GET' })
  .middleware([authContext])
  .handler(async ({ context }) => getSellerProfile(context.db, context.auth))

export const updateSellerProfileFn = createServerFn({ method: 'POST' })
  .middleware([authContext])
  .validator(validate(updateSellerProfileInput))
  .handler(async ({ data, context }) => updateSellerProfile(context.db, context.auth, data))

export const fetchSellerApplications = createServerFn({ method: 'GET' })
  .middleware([authContext])
  .validator(validate(sellerApplicationFilters))
  .handler(async ({ data, context }) => listSellerApplications(context.db, context.auth, data))

export const decideSellerApplicationFn = createServerFn({ method: 'POST' })
  .middleware([authContext])
  .validator(validate(sellerDecisionInput))
  .handler(async ({ data, context }) => decideSellerApplication(context.db, context.auth, data))
