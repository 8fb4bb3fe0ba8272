import { describe, expect, it } from 'vitest'
import { ApiError } from './api-error'
import { apiErrorSerializationAdapter as adapter } from './api-error-serialization'

describe('API errors across the server boundary', () => {
  it('carries status and field messages of any error that has a status', () => {
    const server = Object.assign(new Error('Too many attempts. Try again in 30 seconds.'), { status: 429 })
    expect(adapter.test(server)).toBe(true)
    const back = adapter.fromSerializable(adapter.toSerializable(server) as never)
    expect(back).toBeInstanceOf(ApiError)
    expect(back).toMatchObject({ status: 429, message: 'Too many attempts. Try again in 30 seconds.' })
  })

  it('keeps a 422’s per-field messages', () => {
    const error = new ApiError(422, 'Field is required.', { first_name: ['Field is required.'] })
    const back = adapter.fromSerializable(adapter.toSerializable(error) as never)
    expect(back.fieldErrors).toEqual({ first_name: ['Field is required.'] })
  })

  it('leaves errors without a status to the default (message-only) serializer', () => {
    expect(adapter.test(new Error('database is down'))).toBe(false)
    expect(adapter.test({ status: 500, message: 'not an Error' })).toBe(false)
  })

  it('sends nothing but status, message, field messages and the rate-limit fields', () => {
    const error = Object.assign(new Error('x'), { status: 403, secret: 'internal', cause: new Error('sql') })
    expect(adapter.toSerializable(error)).toEqual({
      status: 403,
      message: 'x',
      fieldErrors: null,
      retryAfter: null,
      rateLimited: false,
    })
  })

  it("keeps a rate limit's Retry-After (from the server's headers) and that it is a lock", () => {
    const server = Object.assign(new Error('Too many attempts. Try again in 840 seconds.'), {
      status: 429,
      headers: { 'retry-after': '840' },
      rateLimited: true,
    })
    const back = adapter.fromSerializable(adapter.toSerializable(server) as never)
    expect(back).toMatchObject({ status: 429, retryAfter: 840, rateLimited: true })
    const cooldown = Object.assign(new Error('You can request a new code in 15 seconds'), {
      status: 429,
      headers: { 'retry-after': '15' },
    })
    expect(adapter.fromSerializable(adapter.toSerializable(cooldown) as never)).toMatchObject({
      retryAfter: 15,
      rateLimited: undefined,
    })
  })
})
