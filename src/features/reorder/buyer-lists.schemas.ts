import * as v from 'valibot'
import { skuSchema } from '~/features/basket'
import { m } from '~/lib/messages'
import { idSchema, intSchema, textSchema } from '~/lib/schema-pieces'
import { MAX_LINE_QUANTITY, type OfferView } from './reorder.schemas'

/** Saved lists (issue #41): the inputs their server functions validate and the views they answer. */

export const MAX_LISTS = 50
export const MAX_LIST_LINES = 500

const name = textSchema(80, { min: 1 })
const quantity = intSchema(1, MAX_LINE_QUANTITY)

export const listIdInput = v.object({ listId: idSchema })
export const createListInput = v.object({
  name,
  /** `basket`: the caller's basket as it is now; `empty`: no lines yet. */
  from: v.picklist(['basket', 'empty'], () => m.reorder_list_source_invalid()),
})
export const createListFromOrderInput = v.object({ name, order_id: idSchema })
export const renameListInput = v.object({ listId: idSchema, name })
export const setListLineInput = v.object({ listId: idSchema, sku: skuSchema, quantity })
export const listLineInput = v.object({ listId: idSchema, sku: skuSchema })
export const moveListLineInput = v.object({
  listId: idSchema,
  sku: skuSchema,
  direction: v.picklist(['up', 'down'], () => m.reorder_list_direction_invalid()),
})

export interface ListSummary {
  id: number
  name: string
  lineCount: number
  updatedAt: string
}

export interface ListLineView {
  sku: string
  quantity: number
  position: number
  /** Priced for the line's quantity; null when the SKU is no longer on offer. */
  offer: OfferView | null
  inStock: boolean
}

export interface ListView {
  id: number
  name: string
  lines: ListLineView[]
}
