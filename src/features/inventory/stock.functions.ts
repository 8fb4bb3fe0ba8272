import { createServerFn } from '@tanstack/react-start'
import { authContext } from '~/server/auth/middleware'
import { validate } from '~/server/http/api-errors.server'
import { setLowStockThreshold } from './sku-settings.server'
import { adjustStockInput, ledgerPageInput, lowStockThresholdInput, skuCodeInput } from './stock.schemas'
import { adjustStock, getSkuStock, getStockLedger } from './stock.server'

/** Server functions of /seller/inventory/stock/{sku}: validate, then the operations authorise and act. */

export const fetchSkuStock = createServerFn({ method: 'GET' })
  .middleware([authContext])
  .validator(validate(skuCodeInput))
  .handler(async ({ data, context }) => getSkuStock(context.db, context.auth, data.sku))

export const fetchStockLedger = createServerFn({ method: 'GET' })
  .middleware([authContext])
  .validator(validate(ledgerPageInput))
  .handler(async ({ data, context }) => getStockLedger(context.db, context.auth, data))

export const adjustStockFn = createServerFn({ method: 'POST' })
  .middleware([authContext])
  .validator(validate(adjustStockInput))
  .handler(async ({ data, context }) => adjustStock(context.db, context.auth, data))

export const setLowStockThresholdFn = createServerFn({ method: 'POST' })
  .middleware([authContext])
  .validator(validate(lowStockThresholdInput))
  .handler(async ({ data, context }) => setLowStockThreshold(context.db, context.auth, data))
