import * as v from 'valibot'

/** Spec §3 Browsing history item: id and addDate plus the product data a list needs. */
export const historyItemSchema = v.object({
  id: v.number(),
  addDate: v.number(),
  slug: v.string(),
  name: v.string(),
  /** The Persian name, when the product has one: the list shows it in fa (entries from before it lack it). */
  nameFa: v.optional(v.string()),
  image: v.nullable(v.string()),
  unit: v.optional(v.string()),
  lowestPrice: v.optional(v.number()),
})
export type HistoryItem = v.InferOutput<typeof historyItemSchema>
export type HistoryProduct = Omit<HistoryItem, 'addDate'>
