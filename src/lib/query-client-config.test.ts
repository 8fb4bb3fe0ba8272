import { notFound } from '@tanstack/react-router'
import { describe, expect, it } from 'vitest'
import { ApiError } from './api-error'
import { retryDelay, shouldRetryQuery } from './query-client-config'

describe('query retries', () => {
  it('retries transient failures up to three times', () => {
    const busy = new ApiError(503, 'busy')
    expect([0, 1, 2, 3].map((n) => shouldRetryQuery(n, busy))).toEqual([true, true, true, false])
  })

  it('does not retry answers that would not change', () => {
    for (const status of [400, 401, 403, 404, 422])
      expect(shouldRetryQuery(0, new ApiError(status, 'x'))).toBe(false)
  })

  it('treats a server function error carrying a status like an API error', () => {
    expect(shouldRetryQuery(0, Object.assign(new Error('Too many'), { status: 429 }))).toBe(true)
    expect(shouldRetryQuery(0, Object.assign(new Error('Nope'), { status: 403 }))).toBe(false)
  })

  it('does not retry a not-found thrown by a server function', () => {
    expect(shouldRetryQuery(0, notFound())).toBe(false)
  })

  it('backs off exponentially and never waits more than 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 10].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000])
  })
})
