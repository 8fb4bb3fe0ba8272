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

  it('sends nothing but status, message and field messages', () => {
    const error = Object.assign(new Error('x'), { status: 403, secret: 'internal', cause: new Error('sql') })
    expect(Object.keys(adapter.toSerializable(error) as object).sort()).toEqual([
      'fieldErrors',
      'message',
      'status',
    ])
  })
})
