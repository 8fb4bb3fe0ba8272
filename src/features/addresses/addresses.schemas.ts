import * as v from 'valibot'
import { INT4_MAX, trimUserText } from '~/lib/schema-pieces'
import { REQUIRED, asciiDigits, phoneSchema } from '~/features/auth'
import { m } from '~/lib/messages'
import { formatNumber } from '~/lib/money'

/** Buyer addresses: one schema for the form, the server function and the tests. */

/** How many addresses one buyer may keep; more is a mistake or abuse, not a real need. */
export const MAX_ADDRESSES = 20
/** Messages are functions: each follows the locale of the request or page that shows it. */
export const TOO_MANY_ADDRESSES = () => m.account_too_many_addresses({ count: formatNumber(MAX_ADDRESSES) })
export const POSTAL_CODE_MESSAGE = () => m.account_postal_code_invalid()
export const ADDRESS_NOT_FOUND = () => m.account_address_not_found()

const text = (label: () => string, min: number, max: number) =>
  v.pipe(
    v.string(REQUIRED),
    trimUserText(),
    v.nonEmpty(REQUIRED),
    v.minLength(min, () => m.account_text_min({ label: label(), min: formatNumber(min) })),
    v.maxLength(max, () => m.account_text_max({ label: label(), max: formatNumber(max) })),
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
    v.union([v.boolean(), v.picklist(['true', 'false', ''])], () => m.account_choose_yes_no()),
    v.transform((value) => value === true || value === 'true'),
  ),
  false,
)

export const addressInput = v.object({
  title: text(() => m.account_label_title(), 2, 50),
  province: text(() => m.account_province(), 2, 50),
  city: text(() => m.account_city(), 2, 50),
  street: text(() => m.account_street(), 5, 300),
  postal_code: postalCodeSchema,
  receiver_name: text(() => m.account_receiver_name(), 2, 100),
  receiver_phone: phoneSchema,
  is_default: defaultFlag,
})

const chooseAddress = () => m.account_choose_address()
const addressId = v.pipe(
  v.number(chooseAddress),
  v.integer(chooseAddress),
  v.minValue(1, chooseAddress),
  v.maxValue(INT4_MAX, chooseAddress),
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
  return m.account_address_line({ street: address.street, city: address.city, province: address.province })
}
