import { describe, expect, it } from 'vitest'
import { blankAddress } from '~/features/addresses/components/address-form'
import { addressInput } from '~/features/addresses/addresses.schemas'
import { newTicketFields } from '~/features/tickets/components/new-ticket-form'
import { createTicketInput } from '~/features/tickets/tickets.schemas'
import { HttpError, parseInput } from '~/server/http/api-errors.server'

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
