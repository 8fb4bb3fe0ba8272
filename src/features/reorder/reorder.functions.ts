import { createServerFn } from '@tanstack/react-start'
import { signedIn } from '~/server/auth/middleware'
import { validate } from '~/server/http/api-errors.server'
import { addLinesInput, quickOrderInput, reorderInput, undoLinesInput } from './reorder.schemas'
import { addToBasketInOneStep, checkQuickOrder, previewReorder, undoAddToBasket } from './reorder.server'

/** Server functions of reorder and quick order: validate, then the operations authorise and act. */

export const fetchReorderPreview = createServerFn({ method: 'GET' })
  .middleware([signedIn])
  .validator(validate(reorderInput))
  .handler(async ({ data, context }) => previewReorder(context.db, context.auth, data.order_id))

export const checkQuickOrderFn = createServerFn({ method: 'POST' })
  .middleware([signedIn])
  .validator(validate(quickOrderInput))
  .handler(async ({ data, context }) => checkQuickOrder(context.db, context.auth, data.text))

export const addLinesToBasketFn = createServerFn({ method: 'POST' })
  .middleware([signedIn])
  .validator(validate(addLinesInput))
  .handler(async ({ data, context }) => addToBasketInOneStep(context.db, context.auth, data))

export const undoAddLinesFn = createServerFn({ method: 'POST' })
  .middleware([signedIn])
  .validator(validate(undoLinesInput))
  .handler(async ({ data, context }) => undoAddToBasket(context.db, context.auth, data))
