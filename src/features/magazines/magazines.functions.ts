import { createServerFn } from '@tanstack/react-start'
import { photosFromFormData } from '~/server/images/photos.server'
import { authContext } from '~/server/auth/middleware'
import { mediaStorage } from '~/server/db/database.server'
import { validate } from '~/server/http/api-errors.server'
import { multipart } from '~/server/http/multipart.server'
import { COVER_IMAGES } from './magazine-cover.server'
import {
  addMagazineItems,
  addMagazinePage,
  arrangeMagazine,
  deleteMagazineItem,
  deleteMagazinePage,
  getMagazineDetail,
  updateMagazineItem,
  updateMagazinePage,
} from './magazine-editor.server'
import { pickableSkus } from './magazine-picker.server'
import {
  MAGAZINE_JSON_FIELDS,
  addMagazineItemsInput,
  addMagazinePageInput,
  arrangeMagazineInput,
  createMagazineInput,
  magazineIdInput,
  magazineItemIdInput,
  magazinePageIdInput,
  pickableSkusInput,
  setMagazineStatusInput,
  updateMagazineInput,
  updateMagazineItemInput,
  updateMagazinePageInput,
} from './magazines.schemas'
import {
  createMagazine,
  deleteMagazine,
  duplicateMagazine,
  listMagazines,
  setMagazineStatus,
  updateMagazine,
} from './magazines.server'

/**
 * Server functions for /seller/magazines/** (validate, then the operations authorise and act). The
 * public pages' are in magazines-public.functions.ts: each function's browser stub carries its id,
 * so the home page loaded all twenty-one with its one featured list (~0.9 KB gzip, issue #21).
 */

export const fetchMagazines = createServerFn({ method: 'GET' })
  .middleware([authContext])
  .handler(async ({ context }) => listMagazines(context.db, context.auth))

export const fetchMagazine = createServerFn({ method: 'GET' })
  .middleware([authContext])
  .validator(validate(magazineIdInput))
  .handler(async ({ data, context }) => getMagazineDetail(context.db, context.auth, data.magazineId))

export const fetchPickableSkus = createServerFn({ method: 'GET' })
  .middleware([authContext])
  .validator(validate(pickableSkusInput))
  .handler(async ({ data, context }) => pickableSkus(context.db, context.auth, data))

/** A new magazine: FormData with the fields as text and at most one `cover` file. */
export const createMagazineFn = createServerFn({ method: 'POST' })
  .middleware([authContext])
  .validator(multipart(createMagazineInput))
  .handler(async ({ data, context }) =>
    createMagazine(
      context.db,
      context.auth,
      data.input,
      await photosFromFormData(data.form, COVER_IMAGES),
      mediaStorage(),
    ),
  )

/** A magazine's edit: FormData (magazineId and removeCover as JSON) and at most one new `cover`. */
export const updateMagazineFn = createServerFn({ method: 'POST' })
  .middleware([authContext])
  .validator(multipart(updateMagazineInput, { json: MAGAZINE_JSON_FIELDS }))
  .handler(async ({ data, context }) =>
    updateMagazine(
      context.db,
      context.auth,
      data.input,
      await photosFromFormData(data.form, COVER_IMAGES),
      mediaStorage(),
    ),
  )

export const duplicateMagazineFn = createServerFn({ method: 'POST' })
  .middleware([authContext])
  .validator(validate(magazineIdInput))
  .handler(async ({ data, context }) => duplicateMagazine(context.db, context.auth, data.magazineId))

export const deleteMagazineFn = createServerFn({ method: 'POST' })
  .middleware([authContext])
  .validator(validate(magazineIdInput))
  .handler(async ({ data, context }) =>
    deleteMagazine(context.db, context.auth, data.magazineId, mediaStorage()),
  )

export const setMagazineStatusFn = createServerFn({ method: 'POST' })
  .middleware([authContext])
  .validator(validate(setMagazineStatusInput))
  .handler(async ({ data, context }) => setMagazineStatus(context.db, context.auth, data))

export const addMagazinePageFn = createServerFn({ method: 'POST' })
  .middleware([authContext])
  .validator(validate(addMagazinePageInput))
  .handler(async ({ data, context }) => addMagazinePage(context.db, context.auth, data))

export const updateMagazinePageFn = createServerFn({ method: 'POST' })
  .middleware([authContext])
  .validator(validate(updateMagazinePageInput))
  .handler(async ({ data, context }) => updateMagazinePage(context.db, context.auth, data))

export const deleteMagazinePageFn = createServerFn({ method: 'POST' })
  .middleware([authContext])
  .validator(validate(magazinePageIdInput))
  .handler(async ({ data, context }) => deleteMagazinePage(context.db, context.auth, data.magazinePageId))

export const addMagazineItemsFn = createServerFn({ method: 'POST' })
  .middleware([authContext])
  .validator(validate(addMagazineItemsInput))
  .handler(async ({ data, context }) => addMagazineItems(context.db, context.auth, data))

export const updateMagazineItemFn = createServerFn({ method: 'POST' })
  .middleware([authContext])
  .validator(validate(updateMagazineItemInput))
  .handler(async ({ data, context }) => updateMagazineItem(context.db, context.auth, data))

export const deleteMagazineItemFn = createServerFn({ method: 'POST' })
  .middleware([authContext])
  .validator(validate(magazineItemIdInput))
  .handler(async ({ data, context }) => deleteMagazineItem(context.db, context.auth, data.magazineItemId))

export const arrangeMagazineFn = createServerFn({ method: 'POST' })
  .middleware([authContext])
  .validator(validate(arrangeMagazineInput))
  .handler(async ({ data, context }) => arrangeMagazine(context.db, context.auth, data))
