import { createServerFn } from '@tanstack/react-start'
import { authContext } from '~/server/auth/middleware'
import { validate } from '~/server/http/api-errors.server'
import { createTiersInput, expireTierInput, skuPricesInput } from './price-tiers.schemas'
import { createTiers, expireTier, getSkuPrices } from './price-tiers.server'

/** Server functions of /seller/inventory/price/{sku}/create: validate, then the operations authorise and act. */

export const fetchSkuPrices = createServerFn({ method: 'GET' })
  .middleware([authContext])
  .validator(validate(skuPricesInput))
  .handler(async ({ data, context }) => getSkuPrices(context.db, context.auth, data.sku))

export const createTiersFn = createServerFn({ method: 'POST' })
  .middleware([authContext])
  .validator(validate(createTiersInput))
  .handler(async ({ data, context }) => createTiers(context.db, context.auth, data))

export const expireTierFn = createServerFn({ method: 'POST' })
  .middleware([authContext])
  .validator(validate(expireTierInput))
  .handler(async ({ data, context }) => expireTier(context.db, context.auth, data))
