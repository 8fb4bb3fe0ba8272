import { createServerFn } from '@tanstack/react-start'
import { authContext } from '~/server/auth/middleware'
import { mediaStorage } from '~/server/db/database.server'
import { validate } from '~/server/http/api-errors.server'
import { multipart } from '~/server/http/multipart.server'
import {
  catalogueSearchInput,
  similarProductsInput,
  storeProductsSearch,
  CREATE_PRODUCT_JSON_FIELDS,
  PRODUCT_PHOTOS_JSON_FIELDS,
  productPhotosInput,
  STORE_JSON_FIELDS,
  createProductInput,
  createStoreInput,
  offerExistingProductInput,
  setStoreStatusInput,
  skuCodeInput,
  storeIdInput,
  updateProductInput,
  updateSkuInput,
  updateStoreInput,
} from './stores.schemas'
import { listStoreProducts, searchCatalogue, similarProducts } from './store-products-read.server'
import { LOGO_IMAGES, photosFromFormData } from '~/server/images/photos.server'
import {
  createProductWithSku,
  productFormChoices,
  skuForEdit,
  updateProduct,
} from './product-authoring.server'
import { offerExistingProduct, updateSku } from './store-products.server'
import { updateProductPhotos } from './product-photo-edit.server'
import { createStore, deleteStore, getStore, listStores, setStoreStatus, updateStore } from './stores.server'

/** Server functions for /seller/stores/**: validate, then the operations authorise and act. */

export const fetchStores = createServerFn({ method: 'GET' })
  .middleware([authContext])
  .handler(async ({ context }) => listStores(context.db, context.auth))

export const fetchStore = createServerFn({ method: 'GET' })
  .middleware([authContext])
  .validator(validate(storeIdInput))
  .handler(async ({ data, context }) => getStore(context.db, context.auth, data.storeId))

/** A new store: FormData with the fields as text and at most one `logo` file. */
export const createStoreFn = createServerFn({ method: 'POST' })
  .middleware([authContext])
  .validator(multipart(createStoreInput))
  .handler(async ({ data, context }) =>
    createStore(
      context.db,
      context.auth,
      data.input,
      await photosFromFormData(data.form, LOGO_IMAGES),
      mediaStorage(),
    ),
  )

/**
 * A store's edit: FormData with the fields (storeId and removeLogo as JSON) and at most one `logo`
 * file, which replaces the current logo.
 */
export const updateStoreFn = createServerFn({ method: 'POST' })
  .middleware([authContext])
  .validator(multipart(updateStoreInput, { json: STORE_JSON_FIELDS }))
  .handler(async ({ data, context }) =>
    updateStore(
      context.db,
      context.auth,
      data.input,
      await photosFromFormData(data.form, LOGO_IMAGES),
      mediaStorage(),
    ),
  )

export const setStoreStatusFn = createServerFn({ method: 'POST' })
  .middleware([authContext])
  .validator(validate(setStoreStatusInput))
  .handler(async ({ data, context }) => setStoreStatus(context.db, context.auth, data))

export const deleteStoreFn = createServerFn({ method: 'POST' })
  .middleware([authContext])
  .validator(validate(storeIdInput))
  .handler(async ({ data, context }) => deleteStore(context.db, context.auth, data.storeId, mediaStorage()))

export const offerExistingProductFn = createServerFn({ method: 'POST' })
  .middleware([authContext])
  .validator(validate(offerExistingProductInput))
  .handler(async ({ data, context }) => offerExistingProduct(context.db, context.auth, data))

/**
 * A new product with its photos: FormData with the fields (nested ones as JSON) and up to eight
 * `photos` files in display order (the first is the main photo).
 */
export const createProductFn = createServerFn({ method: 'POST' })
  .middleware([authContext])
  .validator(multipart(createProductInput, { json: CREATE_PRODUCT_JSON_FIELDS }))
  .handler(async ({ data, context }) =>
    createProductWithSku(
      context.db,
      context.auth,
      data.input,
      await photosFromFormData(data.form),
      mediaStorage(),
    ),
  )

export const updateSkuFn = createServerFn({ method: 'POST' })
  .middleware([authContext])
  .validator(validate(updateSkuInput))
  .handler(async ({ data, context }) => updateSku(context.db, context.auth, data))

export const updateProductFn = createServerFn({ method: 'POST' })
  .middleware([authContext])
  .validator(validate(updateProductInput))
  .handler(async ({ data, context }) => updateProduct(context.db, context.auth, data))

/** A product's photos after creation: `productId`, `keep` (JSON: urls in order) and new `photos` files. */
export const updateProductPhotosFn = createServerFn({ method: 'POST' })
  .middleware([authContext])
  .validator(multipart(productPhotosInput, { json: PRODUCT_PHOTOS_JSON_FIELDS }))
  .handler(async ({ data, context }) =>
    updateProductPhotos(
      context.db,
      context.auth,
      data.input,
      await photosFromFormData(data.form),
      mediaStorage(),
    ),
  )

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
  .handler(async ({ data, context }) => similarProducts(context.db, context.auth, data))

export const fetchProductFormChoices = createServerFn({ method: 'GET' })
  .middleware([authContext])
  .handler(async ({ context }) => productFormChoices(context.db, context.auth))

export const fetchSkuForEdit = createServerFn({ method: 'GET' })
  .middleware([authContext])
  .validator(validate(skuCodeInput))
  .handler(async ({ data, context }) => skuForEdit(context.db, context.auth, data.sku))
