import * as v from 'valibot'
import { INT4_MAX } from '~/lib/schema-pieces'
import { REQUIRED, asciiDigits, phoneSchema } from '~/features/auth/auth.schemas'

/** Buyer addresses: one schema for the form, the server function and the tests. */

/** How many addresses one buyer may keep; more is a mistake or abuse, not a real need. */
export const MAX_ADDRESSES = 20
export const TOO_MANY_ADDRESSES = `You can keep up to ${MAX_ADDRESSES} addresses. Delete one you no longer use first.`
export const POSTAL_CODE_MESSAGE = 'Enter the 10-digit postal code'
export const ADDRESS_NOT_FOUND = 'Address not found'

const text = (label: string, min: number, max: number) =>
  v.pipe(
    v.string(REQUIRED),
    v.trim(),
    v.nonEmpty(REQUIRED),
    v.minLength(min, `${label} must be at least ${min} characters`),
    v.maxLength(max, `${label} must be at most ${max} characters`),
  )

/** Persian digits, spaces and dashes are how postal codes are printed and typed; stored as 10 digits. */
export const postalCodeSchema = v.pipe(
  v.string(REQUIRED),
  v.transform((value) => asciiDigits(value).replace(/[\s-]/g, '')),
  v.nonEmpty(REQUIRED),
  v.regex(/^\d{10}$/, POSTAL_CODE_MESSAGE),
)

/** Form values are strings; the checkbox sends 'true' / 'false' (or a boolean from code). */
const defaultFlag = v.optional(
  v.pipe(
    v.union([v.boolean(), v.picklist(['true', 'false', ''])], 'Choose yes or no'),
    v.transform((value) => value === true || value === 'true'),
  ),
  false,
)

export const addressInput = v.object({
  title: text('Title', 2, 50),
  province: text('Province', 2, 50),
  city: text('City', 2, 50),
  street: text('Street address', 5, 300),
  postal_code: postalCodeSchema,
  receiver_name: text('Receiver name', 2, 100),
  receiver_phone: phoneSchema,
  is_default: defaultFlag,
})

const addressId = v.pipe(
  v.number('Choose an address'),
  v.integer('Choose an address'),
  v.minValue(1, 'Choose an address'),
  v.maxValue(INT4_MAX, 'Choose an address'),
)

export const addressIdInput = v.object({ address_id: addressId })
export const updateAddressInput = v.object({ address_id: addressId, ...addressInput.entries })

export type AddressInput = v.InferOutput<typeof addressInput>
export type UpdateAddressInput = v.InferOutput<typeof updateAddressInput>
export type AddressIdInput = v.InferOutput<typeof addressIdInput>

export interface Address {
  id: number
  title: string
  province: string
  city: string
  street: string
  postal_code: string
  receiver_name: string
  receiver_phone: string
  is_default: boolean
  created_at: string
}

/** One line for lists and the checkout's picker. */
export function formatAddressLine(address: Pick<Address, 'street' | 'city' | 'province'>): string {
  return `${address.street}, ${address.city}, ${address.province}`
}
