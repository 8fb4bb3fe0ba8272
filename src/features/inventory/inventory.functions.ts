import { createServerFn } from '@tanstack/react-start'
import { authContext } from '~/server/auth/middleware'
import { validate } from '~/server/http/api-errors.server'
import { bulkAvailabilityInput, bulkSkuStatusInput, inventorySearch } from './inventory.schemas'
import { listInventory, setSkuStatuses } from './inventory.server'
import { setSkuAvailability } from './sku-settings.server'

/** Server functions of /seller/inventory: validate, then the operations authorise and act. */

export const fetchInventory = createServerFn({ method: 'GET' })
  .middleware([authContext])
  .validator(validate(inventorySearch))
  .handler(async ({ data, context }) => listInventory(context.db, context.auth, data))

export const setSkuStatusesFn = createServerFn({ method: 'POST' })
  .middleware([authContext])
  .validator(validate(bulkSkuStatusInput))
  .handler(async ({ data, context }) => setSkuStatuses(context.db, context.auth, data))

export const setSkuAvailabilityFn = createServerFn({ method: 'POST' })
  .middleware([authContext])
  .validator(validate(bulkAvailabilityInput))
  .handler(async ({ data, context }) => setSkuAvailability(context.db, context.auth, data))
