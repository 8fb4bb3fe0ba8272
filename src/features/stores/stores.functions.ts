import { createServerFn } from '@tanstack/react-start'
import type * as v from 'valibot'
import { authContext } from '~/server/auth/middleware'
import { parseInput } from '~/server/http/api-errors.server'
import {
  catalogueSearchInput,
  similarProductsInput,
  storeProductsSearch,
  createProductInput,
  createStoreInput,
  offerExistingProductInput,
  setStoreStatusInput,
  storeIdInput,
  updateProductInput,
  updateSkuInput,
  updateStoreInput,
} from './stores.schemas'
import { listStoreProducts, searchCatalogue, similarProducts } from './store-products-read.server'
import { createProductWithSku, offerExistingProduct, updateProduct, updateSku } from './store-products.server'
import { createStore, deleteStore, getStore, listStores, setStoreStatus, updateStore } from './stores.server'

/** Server functions for /seller/stores/**: validate, then the operations authorise and act. */

const validate =
  <S extends v.GenericSchema>(schema: S) =>
  (input: v.InferInput<S>) =>
    parseInput(schema, input)

export const fetchStores = createServerFn({ method: 'GET' })
  .middleware([authContext])
  .handler(async ({ context }) => listStores(context.db, context.auth))

export const fetchStore = createServerFn({ method: 'GET' })
  .middleware([authContext])
  .validator(validate(storeIdInput))
  .handler(async ({ data, context }) => getStore(context.db, context.auth, data.storeId))

export const createStoreFn = createServerFn({ method: 'POST' })
  .middleware([authContext])
  .validator(validate(createStoreInput))
  .handler(async ({ data, context }) => createStore(context.db, context.auth, data))

export const updateStoreFn = createServerFn({ method: 'POST' })
  .middleware([authContext])
  .validator(validate(updateStoreInput))
  .handler(async ({ data, context }) => updateStore(context.db, context.auth, data))

export const setStoreStatusFn = createServerFn({ method: 'POST' })
  .middleware([authContext])
  .validator(validate(setStoreStatusInput))
  .handler(async ({ data, context }) => setStoreStatus(context.db, context.auth, data))

export const deleteStoreFn = createServerFn({ method: 'POST' })
  .middleware([authContext])
  .validator(validate(storeIdInput))
  .handler(async ({ data, context }) => deleteStore(context.db, context.auth, data.storeId))

export const offerExistingProductFn = createServerFn({ method: 'POST' })
  .middleware([authContext])
  .validator(validate(offerExistingProductInput))
  .handler(async ({ data, context }) => offerExistingProduct(context.db, context.auth, data))

export const createProductFn = createServerFn({ method: 'POST' })
  .middleware([authContext])
  .validator(validate(createProductInput))
  .handler(async ({ data, context }) => createProductWithSku(context.db, context.auth, data))

export const updateSkuFn = createServerFn({ method: 'POST' })
  .middleware([authContext])
  .validator(validate(updateSkuInput))
  .handler(async ({ data, context }) => updateSku(context.db, context.auth, data))

export const updateProductFn = createServerFn({ method: 'POST' })
  .middleware([authContext])
  .validator(validate(updateProductInput))
  .handler(async ({ data, context }) => updateProduct(context.db, context.auth, data))

export const fetchStoreProducts = createServerFn({ method: 'GET' })
  .middleware([authContext])
  .validator(validate(storeProductsSearch))
  .handler(async ({ data, context }) => listStoreProducts(context.db, context.auth, data))

export const searchCatalogueFn = createServerFn({ method: 'GET' })
  .middleware([authContext])
  .validator(validate(catalogueSearchInput))
  .handler(async ({ data, context }) => searchCatalogue(context.db, context.auth, data))

export const similarProductsFn = createServerFn({ method: 'GET' })
  .middleware([authContext])
  .validator(validate(similarProductsInput))
  .handler(async ({ data, context }) => similarProducts(context.db, context.auth, data.name))
