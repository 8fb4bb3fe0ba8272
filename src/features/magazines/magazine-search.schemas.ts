import * as v from 'valibot'
import { idSchema, intSchema, textSchema } from '~/lib/schema-pieces'

/**
 * /magazine's search parameters, apart from magazines.schemas (which re-exports them): the route
 * tree every page loads validates them, and the editor's inputs and messages should not come with
 * them (issue #21).
 */
export const magazineListSearch = v.object({
  q: v.optional(textSchema(100)),
  seller: v.optional(idSchema),
  category: v.optional(v.pipe(textSchema(80, { min: 1 }), v.regex(/^[a-z0-9-]+$/))),
  page: v.optional(intSchema(1, 500)),
})
export type MagazineListSearch = v.InferOutput<typeof magazineListSearch>
