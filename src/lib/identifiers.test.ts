import fc from 'fast-check'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import {
  companyNationalIdSchema,
  ean13CheckDigit,
  economicCodeSchema,
  isValidCompanyNationalId,
  isValidEan13,
  isValidNationalCode,
  isValidSheba,
  maskSheba,
  nationalCodeSchema,
  normalizeSheba,
  sayadIdSchema,
  shebaBank,
  shebaProblem,
  shebaSchema,
} from './identifiers'

/** Real-shaped Sheba numbers whose check digits hold (published examples of Parsian and Pasargad). */
const VALID_SHEBAS = ['IR820540102680020817909002', 'IR870570028180010653892101']

/** A Sheba with correct check digits for any bank code and account: ISO 13616 computed here. */
function withCheckDigits(bban24Less2: string): string {
  const digits = `${bban24Less2}182700`
  let r = 0
  for (const d of digits) r = (r * 10 + Number(d)) % 97
  return `IR${String(98 - r).padStart(2, '0')}${bban24Less2}`
}

const accountDigits = fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: 19, maxLength: 19 })
const validSheba = fc
  .tuple(fc.constantFrom('012', '017', '054', '057', '062', '078'), accountDigits)
  .map(([bank, account]) => withCheckDigits(bank + account))

describe('Sheba', () => {
  it('accepts valid numbers and names their bank', () => {
    for (const sheba of VALID_SHEBAS) expect(isValidSheba(sheba)).toBe(true)
    expect(shebaBank(VALID_SHEBAS[0]!)?.en).toBe('Parsian Bank')
    expect(shebaBank(VALID_SHEBAS[1]!)?.fa).toBe('بانک پاسارگاد')
    expect(shebaBank(withCheckDigits('0170000000123456789012'.slice(0, 22)))?.en).toBe('Bank Melli Iran')
  })

  it('normalises what people paste: spaces, dashes, Persian digits, a lower-case ir, no IR at all', () => {
    expect(normalizeSheba(' ir82-0540-1026-8002-0817-9090-02 ')).toBe(VALID_SHEBAS[0])
    expect(normalizeSheba('IR۸۲ ۰۵۴۰ ۱۰۲۶ ۸۰۰۲ ۰۸۱۷ ۹۰۹۰ ۰۲')).toBe(VALID_SHEBAS[0])
    expect(normalizeSheba('820540102680020817909002')).toBe(VALID_SHEBAS[0])
    expect(v.parse(shebaSchema, 'ir 82 0540 1026 8002 0817 9090 ٠٢')).toBe(VALID_SHEBAS[0])
  })

  it('refuses a wrong shape, a wrong check and an unknown bank, each with its reason', () => {
    expect(shebaProblem('IR01234567890123456789')).toBe('format')
    expect(shebaProblem('IR012345678901234567890123456789')).toBe('format')
    expect(shebaProblem('IR012345678901234567890123')).toBe('checksum')
    expect(shebaProblem('DE89370400440532013000')).toBe('format')
    expect(shebaProblem(withCheckDigits('0990000000000000000001'))).toBe('bank')
    expect(v.safeParse(shebaSchema, 'IR820540102680020817909003').success).toBe(false)
    expect(v.safeParse(shebaSchema, '').success).toBe(false)
  })

  it('masks all but IR and the last four digits', () => {
    expect(maskSheba(VALID_SHEBAS[0]!)).toBe('IR•• •••• •••• •••• •••• ••90 02')
  })

  it('property: any one digit changed fails the check', () => {
    fc.assert(
      fc.property(validSheba, fc.nat(23), fc.integer({ min: 1, max: 9 }), (sheba, index, delta) => {
        expect(isValidSheba(sheba)).toBe(true)
        const at = 2 + index
        const changed = sheba.slice(0, at) + String((Number(sheba[at]) + delta) % 10) + sheba.slice(at + 1)
        expect(isValidSheba(changed)).toBe(false)
      }),
    )
  })

  it('property: two neighbouring different digits swapped fail the check', () => {
    fc.assert(
      fc.property(validSheba, fc.nat(22), (sheba, index) => {
        const at = 2 + index
        fc.pre(sheba[at] !== sheba[at + 1])
        const swapped = sheba.slice(0, at) + sheba[at + 1] + sheba[at] + sheba.slice(at + 2)
        expect(isValidSheba(swapped)).toBe(false)
      }),
    )
  })

  it('property: normalisation is idempotent', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          validSheba.map((s) => s.toLowerCase().replace(/(.{4})/g, '$1 ')),
        ),
        (text) => {
          const once = normalizeSheba(text)
          expect(normalizeSheba(once)).toBe(once)
        },
      ),
    )
  })
})

describe('national code (کد ملی)', () => {
  it('accepts valid codes, with Persian digits and dashes', () => {
    for (const code of ['0499370899', '0790419904', '0084575948', '1583250689', '4271467685'])
      expect(isValidNationalCode(code)).toBe(true)
    expect(v.parse(nationalCodeSchema, '۰۴۹-۹۳۷۰۸۹-۹')).toBe('0499370899')
  })

  it('refuses a wrong check digit, a wrong length and one repeated digit', () => {
    expect(isValidNationalCode('0684159415')).toBe(false)
    expect(isValidNationalCode('068415941')).toBe(false)
    for (let d = 0; d <= 9; d++) expect(isValidNationalCode(String(d).repeat(10))).toBe(false)
    expect(v.safeParse(nationalCodeSchema, '12345678901').success).toBe(false)
  })

  it('property: a valid code with its check digit changed fails', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('0499370899', '0790419904', '4032152314'),
        fc.integer({ min: 1, max: 9 }),
        (code, delta) => {
          const changed = code.slice(0, 9) + String((Number(code[9]) + delta) % 10)
          expect(isValidNationalCode(changed)).toBe(false)
        },
      ),
    )
  })
})

describe('company national ID (شناسه ملی)', () => {
  it('accepts a valid ID and refuses it with a changed check digit or serial of zeros', () => {
    expect(isValidCompanyNationalId('10380284790')).toBe(true)
    expect(v.parse(companyNationalIdSchema, '۱۰۳۸۰۲۸۴۷۹۰')).toBe('10380284790')
    expect(isValidCompanyNationalId('10380284791')).toBe(false)
    expect(isValidCompanyNationalId('10300000000')).toBe(false)
    expect(isValidCompanyNationalId('1038028479')).toBe(false)
  })
})

describe('economic code, Sayad ID, EAN-13', () => {
  it('economic code: digits, 10 to 14', () => {
    expect(v.parse(economicCodeSchema, '4111-1111-1111')).toBe('411111111111')
    expect(v.safeParse(economicCodeSchema, '123456789').success).toBe(false)
    expect(v.safeParse(economicCodeSchema, '123456789012345').success).toBe(false)
    expect(v.safeParse(economicCodeSchema, '12345678a0').success).toBe(false)
  })

  it('Sayad cheque ID: 16 digits', () => {
    expect(v.parse(sayadIdSchema, '۱۲۳۴ ۵۶۷۸ ۹۰۱۲ ۳۴۵۶')).toBe('1234567890123456')
    expect(v.safeParse(sayadIdSchema, '123456789012345').success).toBe(false)
  })

  it('EAN-13: the GS1 check digit', () => {
    expect(isValidEan13('4006381333931')).toBe(true)
    expect(isValidEan13('6260100340013')).toBe(ean13CheckDigit('626010034001') === 3)
    expect(isValidEan13('4006381333932')).toBe(false)
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: 12, maxLength: 12 }),
        (first12) => {
          expect(isValidEan13(first12 + String(ean13CheckDigit(first12)))).toBe(true)
        },
      ),
    )
  })
})
