import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { ApiError } from '~/lib/api-error'
import { errorsFromApi, errorsFromIssues } from './form-errors'

const schema = v.object({
  first_name: v.pipe(v.string(), v.nonEmpty('Field is required.'), v.maxLength(3, 'Too long')),
  email: v.pipe(v.string(), v.email('Enter a valid email address')),
})

describe('form errors', () => {
  it('keeps the first message of each field the form has', () => {
    const result = v.safeParse(schema, { first_name: '', email: 'nope' })
    expect(result.success).toBe(false)
    expect(errorsFromIssues(result.issues!, ['first_name', 'email'])).toEqual({
      first_name: 'Field is required.',
      email: 'Enter a valid email address',
    })
    expect(errorsFromIssues(result.issues!, ['email'])).toEqual({ email: 'Enter a valid email address' })
  })

  it('puts a server 422 on its fields and says nothing more when every field is on the form', () => {
    const error = new ApiError(422, 'This email is already in use', {
      email: ['This email is already in use'],
    })
    expect(errorsFromApi(error, ['first_name', 'email'])).toEqual({
      errors: { email: 'This email is already in use' },
      formError: null,
    })
  })

  it('shows the message above the form when the error names no field of this form', () => {
    expect(
      errorsFromApi(new ApiError(429, 'Too many attempts. Try again in 60 seconds.'), ['phone']),
    ).toEqual({
      errors: {},
      formError: 'Too many attempts. Try again in 60 seconds.',
    })
    const ticket = new ApiError(401, 'Your verification has expired.', {
      ticket: ['Your verification has expired.'],
    })
    expect(errorsFromApi(ticket, ['first_name'])).toEqual({
      errors: {},
      formError: 'Your verification has expired.',
    })
  })
})
