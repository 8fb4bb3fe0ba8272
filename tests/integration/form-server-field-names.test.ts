import { describe, expect, it } from 'vitest'
import { blankAddress } from '~/features/addresses/components/address-form'
import { addressInput } from '~/features/addresses/addresses.schemas'
import { newTicketFields } from '~/features/tickets/components/new-ticket-form'
import { createTicketInput } from '~/features/tickets/tickets.schemas'
import { HttpError, parseInput } from '~/server/http/api-errors.server'
import { draftToInput, emptyBlock, type LandingDraft } from '~/features/catalog-admin/landing-admin-draft'
import { landingPageInput } from '~/features/catalog-admin/landing-admin.schemas'
import { becomeSellerInput } from '~/features/sellers/sellers.schemas'
import { registerInput } from '~/features/auth/auth.schemas'
import { faqEntryInput } from '~/features/content/content.schemas'
import { createStoreInput, offerExistingProductInput } from '~/features/stores/stores.schemas'
import { nearestField } from '~/ui/form/app-form'

/**
 * Issue #12: a server 422 lands on the form's fields only if it names them as the form does. The
 * server boundary (parseInput, as every server function runs it) is given what each form sends
 * when every field is wrong; each field name in its 422 must be a field the form renders.
 */
function fieldErrorsOf(schema: Parameters<typeof parseInput>[0], input: unknown): Record<string, string[]> {
  try {
    parseInput(schema, input)
  } catch (error) {
    expect(error).toBeInstanceOf(HttpError)
    expect((error as HttpError).status).toBe(422)
    return (error as HttpError).fieldErrors ?? {}
  }
  throw new Error('expected a 422')
}

describe('server 422 field names match the form fields', () => {
  it('address form', () => {
    const errors = fieldErrorsOf(addressInput, { ...blankAddress, postal_code: '123', receiver_phone: 'x' })
    expect(Object.keys(errors).sort()).toEqual(
      ['title', 'province', 'city', 'street', 'postal_code', 'receiver_name', 'receiver_phone'].sort(),
    )
    for (const name of Object.keys(errors)) expect(Object.keys(blankAddress)).toContain(name)
  })

  it('new ticket form', () => {
    const errors = fieldErrorsOf(createTicketInput, { ...newTicketFields, subject: 'ab' })
    expect(Object.keys(errors)).toEqual(expect.arrayContaining(['subject', 'department', 'message']))
    for (const name of Object.keys(errors)) expect(Object.keys(newTicketFields)).toContain(name)
    expect(errors.subject?.[0]).toBe('Subject must be at least 3 characters')
  })
})

/**
 * Forms with nested fields (price tiers, landing blocks) name them `tiers[1].unitPrice`; the
 * server says `tiers.1.unitPrice`. `nearestField` (what the forms use) must find the field.
 */
describe('server 422 paths land on nested form fields', () => {
  it('offer form: a bad second tier lands on that tier’s field', () => {
    const rendered = fieldsOf({
      sku: '',
      piecesPerPack: 1,
      alwaysAvailable: false,
      stock: 0,
      'tiers[0].minQuantity': 1,
      'tiers[0].unitPrice': 1,
      'tiers[0].offerPrice': 0,
      'tiers[1].minQuantity': 1,
      'tiers[1].unitPrice': 1,
      'tiers[1].offerPrice': 0,
    })
    const errors = fieldErrorsOf(offerExistingProductInput, {
      storeId: 1,
      productId: 1,
      sku: 'bad code!',
      piecesPerPack: 1,
      alwaysAvailable: false,
      stock: 5,
      tiers: [
        { minQuantity: 1, unitPrice: 1000, offerPrice: 0 },
        { minQuantity: 10, unitPrice: -5, offerPrice: 0 },
      ],
    })
    expect(Object.keys(errors).map((path) => nearestField(path, rendered))).toEqual(
      expect.arrayContaining(['sku', 'tiers[1].unitPrice']),
    )
  })

  it('landing editor: a block’s field, and a slug list item, land on the block field', () => {
    const draft: LandingDraft = {
      slug: 'Not A Slug',
      title: 'Back to school',
      summary: 'Everything a school supplier needs, in bulk.',
      hero_image: '',
      status: 'draft',
      blocks: [
        { ...emptyBlock('text'), body: '' },
        { ...emptyBlock('categories'), heading: 'Aisles', slugs: 'paper\nBad Slug' },
      ],
    }
    const rendered = fieldsOf({
      slug: '',
      title: '',
      'blocks[0].heading': '',
      'blocks[0].body': '',
      'blocks[1].heading': '',
      'blocks[1].slugs': '',
    })
    const errors = fieldErrorsOf(landingPageInput, draftToInput(draft).input)
    const landed = new Set(Object.keys(errors).map((path) => nearestField(path, rendered)))
    expect([...landed].sort()).toEqual(['blocks[0].body', 'blocks[1].slugs', 'slug'].sort())
  })

  it('registration and FAQ forms name the fields they render', () => {
    const registration = fieldErrorsOf(registerInput, {
      ticket: 't',
      first_name: '',
      last_name: '',
      email: 'no',
    })
    expect(Object.keys(registration).sort()).toEqual(['email', 'first_name', 'last_name'])
    const faq = fieldErrorsOf(faqEntryInput, { group: 'x', question: 'why', answer: '', position: 1 })
    expect(Object.keys(faq).sort()).toEqual(['answer', 'group', 'question'])
  })

  it('seller application and store forms name the fields they render', () => {
    const application = fieldErrorsOf(becomeSellerInput, {
      business_name: '',
      legal_id: '12',
      phone: 'x',
      city: '',
      address: '',
      goods_category: '',
    })
    for (const name of Object.keys(application))
      expect(['business_name', 'legal_id', 'phone', 'city', 'address', 'goods_category']).toContain(name)
    const store = fieldErrorsOf(createStoreInput, { ...storeDefaults, name: '', slug: 'Bad Slug!' })
    expect(Object.keys(store)).toEqual(expect.arrayContaining(['name', 'slug']))
    for (const name of Object.keys(store)) expect(Object.keys(storeDefaults)).toContain(name)
  })
})

function fieldsOf(names: Record<string, unknown>): object {
  return Object.fromEntries(Object.keys(names).map((name) => [name, {}]))
}

const storeDefaults = {
  name: '',
  slug: '',
  description: '',
  city: '',
  pickupAddress: '',
  pickupHours: '',
  status: 'active',
}
