import { createServerFn } from '@tanstack/react-start'
import { authContext } from '~/server/auth/middleware'
import { mediaStorage } from '~/server/db/database.server'
import { validate } from '~/server/http/api-errors.server'
import { multipart } from '~/server/http/multipart.server'
import { photosFromFormData } from '~/server/images/photos.server'
import {
  adminEditProductInput,
  adminProductIdInput,
  approveBrandInput,
  brandListFilters,
  CATEGORY_IMAGE_JSON_FIELDS,
  categoryImageInput,
  createBrandInput,
  createCategoryInput,
  deleteCategoryInput,
  mergeBrandInput,
  mergeCategoryInput,
  moveCategoryInput,
  rejectBrandInput,
  renameBrandInput,
  renameCategoryInput,
  reorderCategoryInput,
  reviewProductInput,
  reviewQueueFilters,
} from './catalog-admin.schemas'
import {
  approveBrand,
  createBrandByAdmin,
  listAllBrands,
  listBrands,
  mergeBrands,
  rejectBrand,
  renameBrand,
} from './brands-admin.server'
import {
  createCategoryByAdmin,
  deleteCategory,
  listCategoriesForAdmin,
  mergeCategory,
  moveCategory,
  renameCategory,
  reorderCategory,
} from './categories-admin.server'
import { CATEGORY_IMAGES, updateCategoryImage } from './category-image.server'
import { adminEditProduct, adminProductDetail, listReviewQueue, reviewProduct } from './product-review.server'

/** Server functions of /admin/brands, /admin/products and /admin/categories; every operation requires an admin. */

export const fetchAdminBrands = createServerFn({ method: 'GET' })
  .middleware([authContext])
  .validator(validate(brandListFilters))
  .handler(async ({ data, context }) => listBrands(context.db, context.auth, data))

export const fetchAllBrands = createServerFn({ method: 'GET' })
  .middleware([authContext])
  .handler(async ({ context }) => listAllBrands(context.db, context.auth))

export const createBrandFn = createServerFn({ method: 'POST' })
  .middleware([authContext])
  .validator(validate(createBrandInput))
  .handler(async ({ data, context }) => createBrandByAdmin(context.db, context.auth, data))

export const renameBrandFn = createServerFn({ method: 'POST' })
  .middleware([authContext])
  .validator(validate(renameBrandInput))
  .handler(async ({ data, context }) => renameBrand(context.db, context.auth, data))

export const mergeBrandFn = createServerFn({ method: 'POST' })
  .middleware([authContext])
  .validator(validate(mergeBrandInput))
  .handler(async ({ data, context }) => mergeBrands(context.db, context.auth, data))

export const approveBrandFn = createServerFn({ method: 'POST' })
  .middleware([authContext])
  .validator(validate(approveBrandInput))
  .handler(async ({ data, context }) => approveBrand(context.db, context.auth, data))

export const rejectBrandFn = createServerFn({ method: 'POST' })
  .middleware([authContext])
  .validator(validate(rejectBrandInput))
  .handler(async ({ data, context }) => rejectBrand(context.db, context.auth, data))

export const fetchReviewQueue = createServerFn({ method: 'GET' })
  .middleware([authContext])
  .validator(validate(reviewQueueFilters))
  .handler(async ({ data, context }) => listReviewQueue(context.db, context.auth, data))

export const reviewProductFn = createServerFn({ method: 'POST' })
  .middleware([authContext])
  .validator(validate(reviewProductInput))
  .handler(async ({ data, context }) => reviewProduct(context.db, context.auth, data))

export const fetchAdminProduct = createServerFn({ method: 'GET' })
  .middleware([authContext])
  .validator(validate(adminProductIdInput))
  .handler(async ({ data, context }) => adminProductDetail(context.db, context.auth, data.productId))

export const adminEditProductFn = createServerFn({ method: 'POST' })
  .middleware([authContext])
  .validator(validate(adminEditProductInput))
  .handler(async ({ data, context }) => adminEditProduct(context.db, context.auth, data))

export const fetchAdminCategories = createServerFn({ method: 'GET' })
  .middleware([authContext])
  .handler(async ({ context }) => listCategoriesForAdmin(context.db, context.auth))

export const createCategoryFn = createServerFn({ method: 'POST' })
  .middleware([authContext])
  .validator(validate(createCategoryInput))
  .handler(async ({ data, context }) => createCategoryByAdmin(context.db, context.auth, data))

export const renameCategoryFn = createServerFn({ method: 'POST' })
  .middleware([authContext])
  .validator(validate(renameCategoryInput))
  .handler(async ({ data, context }) => renameCategory(context.db, context.auth, data))

export const moveCategoryFn = createServerFn({ method: 'POST' })
  .middleware([authContext])
  .validator(validate(moveCategoryInput))
  .handler(async ({ data, context }) => moveCategory(context.db, context.auth, data))

export const reorderCategoryFn = createServerFn({ method: 'POST' })
  .middleware([authContext])
  .validator(validate(reorderCategoryInput))
  .handler(async ({ data, context }) => reorderCategory(context.db, context.auth, data))

export const deleteCategoryFn = createServerFn({ method: 'POST' })
  .middleware([authContext])
  .validator(validate(deleteCategoryInput))
  .handler(async ({ data, context }) => deleteCategory(context.db, context.auth, data))

export const mergeCategoryFn = createServerFn({ method: 'POST' })
  .middleware([authContext])
  .validator(validate(mergeCategoryInput))
  .handler(async ({ data, context }) => mergeCategory(context.db, context.auth, data))

/** A category's image: FormData with categoryId and removeImage as JSON and at most one `image` file. */
export const setCategoryImageFn = createServerFn({ method: 'POST' })
  .middleware([authContext])
  .validator(multipart(categoryImageInput, { json: CATEGORY_IMAGE_JSON_FIELDS }))
  .handler(async ({ data, context }) =>
    updateCategoryImage(
      context.db,
      context.auth,
      data.input,
      await photosFromFormData(data.form, CATEGORY_IMAGES),
      mediaStorage(),
    ),
  )
