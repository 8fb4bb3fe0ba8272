import * as v from 'valibot'
import { codeSchema } from '~/features/auth'
import { shebaSchema } from '~/lib/identifiers'
import { textSchema } from '~/lib/schema-pieces'

/** The seller's payout account (Sheba): one schema for the form and the server. */

export const PAYOUT_HOLDER_NAME_MAX = 100

export const payoutAccountFields = v.object({
  sheba: shebaSchema,
  holder_name: textSchema(PAYOUT_HOLDER_NAME_MAX, { min: 2 }),
})

/** Registering or changing the account: the fields and the code just sent to the owner's phone. */
export const savePayoutAccountInput = v.object({
  ...payoutAccountFields.entries,
  code: codeSchema,
})
export type SavePayoutAccountInput = v.InferOutput<typeof savePayoutAccountInput>

export interface PayoutAccountView {
  /** Null until the owner registers one. */
  account: {
    /** `IR` and the last four digits; the rest hidden. */
    sheba_masked: string
    bank_code: string
    holder_name: string
    created_at: string
    /** Set while payouts are held after a change (ISO, UTC). */
    payouts_held_until: string | null
  } | null
  /** Only the owner; observers read. */
  can_edit: boolean
}

/** Where the code went (the owner's phone, masked) and when another may be asked for. */
export interface PayoutCodeSent {
  phone_masked: string
  expires_in: number
  resend_in: number
  code_length: number
}
