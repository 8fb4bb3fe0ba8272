import * as v from 'valibot'
import { asciiDigits } from './digits'
import { currentLocale } from './i18n'
import { m } from './messages'

/**
 * Iranian identifiers (DOMAIN.md "Identifiers": validate, never trust). Pure and client-safe: the
 * forms check as the user types and the servers check again with the same schemas. Each identifier
 * has a normaliser (what people paste: spaces, dashes, Persian or Arabic digits), a predicate, and
 * a valibot schema that normalises, then refuses with a message the user can act on.
 */

/** Persian/Arabic digits to ASCII; spaces (incl. no-break and zero-width), dashes, dots and slashes out. */
const compact = (value: string) =>
  asciiDigits(value).replace(/[\s\-_./\u2010-\u2015]|\u200c|\u200d|\u200e|\u200f/g, '')

const REQUIRED = () => m.ident_required()

/** A string schema that normalises with `normalize`, then must pass `valid` (else `message`). */
/* @__NO_SIDE_EFFECTS__ */
function identifierSchema(
  normalize: (value: string) => string,
  valid: (value: string) => boolean,
  message: () => string,
) {
  return v.pipe(
    v.string(REQUIRED),
    v.maxLength(64, message),
    v.transform(normalize),
    v.nonEmpty(REQUIRED),
    v.check(valid, message),
  )
}

// ---------------------------------------------------------------------------------------------
// Sheba (the Iranian IBAN): IR + 2 check digits + 3-digit bank code + 19 digits of account.
// ---------------------------------------------------------------------------------------------

export interface IranianBank {
  /** The 3-digit code in a Sheba's characters 5-7 (after IR and the check digits). */
  code: string
  fa: string
  en: string
}

/**
 * Bank codes as the Central Bank of Iran assigns them for Sheba numbers (cbi.ir, "شناسه بانک‌ها در
 * شبا"). Checked against the table the persian-tools library keeps
 * (github.com/persian-tools/persian-tools, src/modules/sheba/codes.skip.ts). Middle East Bank
 * (خاورمیانه) is 078; Mehr Iran (Qarz al-Hasaneh) is 060, and some statements show it as 090.
 */
export const IRANIAN_BANKS: readonly IranianBank[] = [
  { code: '010', fa: 'بانک مرکزی جمهوری اسلامی ایران', en: 'Central Bank of Iran' },
  { code: '011', fa: 'بانک صنعت و معدن', en: 'Bank of Industry and Mine' },
  { code: '012', fa: 'بانک ملت', en: 'Bank Mellat' },
  { code: '013', fa: 'بانک رفاه کارگران', en: 'Refah Bank' },
  { code: '014', fa: 'بانک مسکن', en: 'Bank Maskan' },
  { code: '015', fa: 'بانک سپه', en: 'Bank Sepah' },
  { code: '016', fa: 'بانک کشاورزی', en: 'Bank Keshavarzi' },
  { code: '017', fa: 'بانک ملی ایران', en: 'Bank Melli Iran' },
  { code: '018', fa: 'بانک تجارت', en: 'Tejarat Bank' },
  { code: '019', fa: 'بانک صادرات ایران', en: 'Bank Saderat Iran' },
  { code: '020', fa: 'بانک توسعه صادرات', en: 'Export Development Bank of Iran' },
  { code: '021', fa: 'پست بانک ایران', en: 'Post Bank of Iran' },
  { code: '022', fa: 'بانک توسعه تعاون', en: 'Tosee Taavon Bank' },
  { code: '051', fa: 'موسسه اعتباری توسعه', en: 'Tosee Credit Institution' },
  { code: '052', fa: 'بانک قوامین', en: 'Ghavamin Bank' },
  { code: '053', fa: 'بانک کارآفرین', en: 'Karafarin Bank' },
  { code: '054', fa: 'بانک پارسیان', en: 'Parsian Bank' },
  { code: '055', fa: 'بانک اقتصاد نوین', en: 'Eghtesad Novin Bank' },
  { code: '056', fa: 'بانک سامان', en: 'Saman Bank' },
  { code: '057', fa: 'بانک پاسارگاد', en: 'Bank Pasargad' },
  { code: '058', fa: 'بانک سرمایه', en: 'Sarmayeh Bank' },
  { code: '059', fa: 'بانک سینا', en: 'Sina Bank' },
  { code: '060', fa: 'بانک قرض‌الحسنه مهر ایران', en: 'Mehr Iran Bank' },
  { code: '061', fa: 'بانک شهر', en: 'Shahr Bank' },
  { code: '062', fa: 'بانک آینده', en: 'Ayandeh Bank' },
  { code: '063', fa: 'بانک انصار', en: 'Ansar Bank' },
  { code: '064', fa: 'بانک گردشگری', en: 'Gardeshgari Bank' },
  { code: '065', fa: 'بانک حکمت ایرانیان', en: 'Hekmat Iranian Bank' },
  { code: '066', fa: 'بانک دی', en: 'Dey Bank' },
  { code: '069', fa: 'بانک ایران زمین', en: 'Iran Zamin Bank' },
  { code: '070', fa: 'بانک قرض‌الحسنه رسالت', en: 'Resalat Bank' },
  { code: '073', fa: 'موسسه اعتباری کوثر', en: 'Kosar Credit Institution' },
  { code: '075', fa: 'موسسه اعتباری ملل', en: 'Melal Credit Institution' },
  { code: '078', fa: 'بانک خاورمیانه', en: 'Middle East Bank' },
  { code: '079', fa: 'بانک مهر اقتصاد', en: 'Mehr Eghtesad Bank' },
  { code: '080', fa: 'موسسه اعتباری نور', en: 'Noor Credit Institution' },
  { code: '090', fa: 'بانک قرض‌الحسنه مهر ایران', en: 'Mehr Iran Bank' },
  { code: '095', fa: 'بانک ایران و ونزوئلا', en: 'Iran-Venezuela Bi-National Bank' },
]

const BANKS_BY_CODE = new Map(IRANIAN_BANKS.map((bank) => [bank.code, bank]))

/**
 * A Sheba as stored: `IR` and 24 ASCII digits. Accepts spaces, dashes, Persian/Arabic digits, a
 * lower-case `ir`, and the 24 digits alone (forms show the `IR` beside the field). Anything else
 * comes back compacted and upper-cased, for the check to refuse. Idempotent.
 */
export function normalizeSheba(value: string): string {
  const text = compact(value).toUpperCase()
  return /^\d{24}$/.test(text) ? `IR${text}` : text
}

/** ISO 13616 / ISO 7064 mod 97-10: the check digits and bank account, rearranged, leave 1. */
function ibanMod97(iban: string): number {
  const rearranged = iban.slice(4) + iban.slice(0, 4)
  let remainder = 0
  for (const char of rearranged) {
    const value = /\d/.test(char) ? char : String(char.charCodeAt(0) - 55)
    for (const digit of value) remainder = (remainder * 10 + Number(digit)) % 97
  }
  return remainder
}

/** `IR` + 24 digits whose check digits hold (no bank lookup: see shebaBank). Expects a normalised value. */
export const isValidSheba = (sheba: string): boolean => /^IR\d{24}$/.test(sheba) && ibanMod97(sheba) === 1

/** The 3-digit bank code of a normalised Sheba (characters 5-7), or null when it has none. */
export const shebaBankCode = (sheba: string): string | null =>
  /^IR\d{5}/.test(sheba) ? sheba.slice(4, 7) : null

/** The bank a Sheba belongs to, or null for a code no Iranian bank has. */
export function shebaBank(sheba: string): IranianBank | null {
  const code = shebaBankCode(normalizeSheba(sheba))
  return code ? (BANKS_BY_CODE.get(code) ?? null) : null
}

/** A bank's name in the current language (fa or en). */
export const bankName = (bank: IranianBank): string => (currentLocale() === 'fa' ? bank.fa : bank.en)

/** The bank's name for a code, or null for an unknown code. */
export function bankNameOfCode(code: string): string | null {
  const bank = BANKS_BY_CODE.get(code)
  return bank ? bankName(bank) : null
}

/** The usual printed form: groups of four (`IR82 0540 1026 …`). */
export const formatSheba = (sheba: string): string => sheba.replace(/(.{4})(?=.)/g, '$1 ')

/** Everything but `IR` and the last four digits hidden, in the printed groups. */
export function maskSheba(sheba: string): string {
  const hidden = sheba.length > 6 ? `IR${'•'.repeat(sheba.length - 6)}${sheba.slice(-4)}` : sheba
  return formatSheba(hidden)
}

export type ShebaProblem = 'format' | 'checksum' | 'bank'

/** Why a typed Sheba is refused (null when it is fine), for live validation in forms. */
export function shebaProblem(value: string): ShebaProblem | null {
  const sheba = normalizeSheba(value)
  if (!/^IR\d{24}$/.test(sheba)) return 'format'
  if (ibanMod97(sheba) !== 1) return 'checksum'
  return BANKS_BY_CODE.has(sheba.slice(4, 7)) ? null : 'bank'
}

const SHEBA_MESSAGES: Record<ShebaProblem, () => string> = {
  format: () => m.ident_sheba_format(),
  checksum: () => m.ident_sheba_checksum(),
  bank: () => m.ident_sheba_bank_unknown(),
}

/** The message for a Sheba problem. */
export const shebaProblemMessage = (problem: ShebaProblem): string => SHEBA_MESSAGES[problem]()

/** A Sheba of an Iranian bank, normalised to `IR` + 24 digits. */
export const shebaSchema = v.pipe(
  v.string(REQUIRED),
  v.maxLength(64, () => m.ident_sheba_format()),
  v.transform(normalizeSheba),
  v.nonEmpty(REQUIRED),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return
    const problem = shebaProblem(dataset.value)
    if (problem) addIssue({ message: shebaProblemMessage(problem) })
  }),
)

// ---------------------------------------------------------------------------------------------
// A person's national code (کد ملی): 10 digits, the last a mod-11 check digit.
// ---------------------------------------------------------------------------------------------

export const normalizeNationalCode = (value: string): string => compact(value)

/**
 * Weights 10..2 on the first nine digits; r = sum mod 11; the check digit is r when r < 2, else
 * 11 - r. Codes of one repeated digit pass that sum but are never issued, so they are refused.
 */
export function isValidNationalCode(code: string): boolean {
  if (!/^\d{10}$/.test(code) || /^(\d)\1{9}$/.test(code)) return false
  let sum = 0
  for (let i = 0; i < 9; i++) sum += Number(code[i]) * (10 - i)
  const r = sum % 11
  return Number(code[9]) === (r < 2 ? r : 11 - r)
}

export const nationalCodeSchema = identifierSchema(normalizeNationalCode, isValidNationalCode, () =>
  m.ident_national_code_invalid(),
)

// ---------------------------------------------------------------------------------------------
// A company's national ID (شناسه ملی اشخاص حقوقی): 11 digits, the last a check digit.
// ---------------------------------------------------------------------------------------------

export const normalizeCompanyNationalId = (value: string): string => compact(value)

const COMPANY_ID_WEIGHTS = [29, 27, 23, 19, 17] as const

/**
 * The registry's check: d = the tenth digit + 2; sum of (d + digit i) × weight (29, 27, 23, 19, 17
 * repeated) over the first ten digits; mod 11, with 10 read as 0, is the eleventh digit. Digits 4-9
 * (the serial) are never all zero. Source: persian-tools `verifyIranianLegalId`
 * (github.com/persian-tools/persian-tools, src/modules/legalId/index.ts).
 */
export function isValidCompanyNationalId(id: string): boolean {
  if (!/^\d{11}$/.test(id) || /^0+$/.test(id.slice(3, 9))) return false
  const d = Number(id[9]) + 2
  let sum = 0
  for (let i = 0; i < 10; i++) sum += (d + Number(id[i])) * COMPANY_ID_WEIGHTS[i % 5]!
  return Number(id[10]) === (sum % 11) % 10
}

export const companyNationalIdSchema = identifierSchema(
  normalizeCompanyNationalId,
  isValidCompanyNationalId,
  () => m.ident_company_id_invalid(),
)

// ---------------------------------------------------------------------------------------------
// Economic code (کد اقتصادی), Sayad cheque ID (شناسه صیاد), GTIN/EAN-13.
// ---------------------------------------------------------------------------------------------

export const normalizeEconomicCode = (value: string): string => compact(value)

/**
 * Digits only, 10 to 14: older codes are 12 digits, newer ones equal the holder's national code (10)
 * or national ID (11). No check digit is published for the older form, so only the shape is checked.
 */
export const isValidEconomicCode = (code: string): boolean => /^\d{10,14}$/.test(code)

export const economicCodeSchema = identifierSchema(normalizeEconomicCode, isValidEconomicCode, () =>
  m.ident_economic_code_invalid(),
)

export const normalizeSayadId = (value: string): string => compact(value)

/** A Sayad cheque ID: 16 digits (the Central Bank publishes no check digit for it). */
export const isValidSayadId = (id: string): boolean => /^\d{16}$/.test(id)

export const sayadIdSchema = identifierSchema(normalizeSayadId, isValidSayadId, () =>
  m.ident_sayad_id_invalid(),
)

export const normalizeEan13 = (value: string): string => compact(value)

/** GS1 check digit: weights 1 and 3 alternating from the left over the first 12 digits. */
export function ean13CheckDigit(first12: string): number {
  let sum = 0
  for (let i = 0; i < 12; i++) sum += Number(first12[i]) * (i % 2 === 0 ? 1 : 3)
  return (10 - (sum % 10)) % 10
}

export const isValidEan13 = (code: string): boolean =>
  /^\d{13}$/.test(code) && ean13CheckDigit(code.slice(0, 12)) === Number(code[12])

export const ean13Schema = identifierSchema(normalizeEan13, isValidEan13, () => m.ident_ean13_invalid())
