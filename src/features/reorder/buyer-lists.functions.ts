import { createServerFn } from '@tanstack/react-start'
import { signedIn } from '~/server/auth/middleware'
import { validate } from '~/server/http/api-errors.server'
import {
  createListFromOrderInput,
  createListInput,
  listIdInput,
  listLineInput,
  moveListLineInput,
  renameListInput,
  setListLineInput,
} from './buyer-lists.schemas'
import {
  createList,
  createListFromOrder,
  deleteList,
  getList,
  listLists,
  moveListLine,
  removeListLine,
  renameList,
  setListLine,
} from './buyer-lists.server'

/** Server functions of /buyer/lists: validate, then the operations authorise (owner only) and act. */

export const fetchBuyerLists = createServerFn({ method: 'GET' })
  .middleware([signedIn])
  .handler(async ({ context }) => listLists(context.db, context.auth))

export const fetchBuyerList = createServerFn({ method: 'GET' })
  .middleware([signedIn])
  .validator(validate(listIdInput))
  .handler(async ({ data, context }) => getList(context.db, context.auth, data.listId))

export const createListFn = createServerFn({ method: 'POST' })
  .middleware([signedIn])
  .validator(validate(createListInput))
  .handler(async ({ data, context }) => createList(context.db, context.auth, data))

export const createListFromOrderFn = createServerFn({ method: 'POST' })
  .middleware([signedIn])
  .validator(validate(createListFromOrderInput))
  .handler(async ({ data, context }) => createListFromOrder(context.db, context.auth, data))

export const renameListFn = createServerFn({ method: 'POST' })
  .middleware([signedIn])
  .validator(validate(renameListInput))
  .handler(async ({ data, context }) => renameList(context.db, context.auth, data))

export const deleteListFn = createServerFn({ method: 'POST' })
  .middleware([signedIn])
  .validator(validate(listIdInput))
  .handler(async ({ data, context }) => deleteList(context.db, context.auth, data.listId))

export const setListLineFn = createServerFn({ method: 'POST' })
  .middleware([signedIn])
  .validator(validate(setListLineInput))
  .handler(async ({ data, context }) => setListLine(context.db, context.auth, data))

export const removeListLineFn = createServerFn({ method: 'POST' })
  .middleware([signedIn])
  .validator(validate(listLineInput))
  .handler(async ({ data, context }) => removeListLine(context.db, context.auth, data))

export const moveListLineFn = createServerFn({ method: 'POST' })
  .middleware([signedIn])
  .validator(validate(moveListLineInput))
  .handler(async ({ data, context }) => moveListLine(context.db, context.auth, data))
