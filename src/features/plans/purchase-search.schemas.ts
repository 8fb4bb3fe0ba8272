import * as v from 'valibot'

/**
 * The search of the pages a bank sends the buyer back to (/subscription, /omdeh-plus): validated in
 * the route tree every page loads, so kept apart from plans.schemas and plus.schemas, whose forms
 * and messages would otherwise come into the first-load chunk with them (issue #21).
 */
export const PURCHASE_NUMBER_PATTERN = /^PL-[0-9]{6,12}$/

/** /subscription's search: the payment result when coming back from the bank. */
export const subscriptionSearch = v.object({
  purchase: v.optional(v.pipe(v.string(), v.regex(PURCHASE_NUMBER_PATTERN))),
})

/** /omdeh-plus's search: the payment result when coming back from the bank. */
export const plusSearch = v.object({
  purchase: v.optional(v.pipe(v.string(), v.regex(PURCHASE_NUMBER_PATTERN))),
})
