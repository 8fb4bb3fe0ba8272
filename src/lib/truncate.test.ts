import { describe, expect, it } from 'vitest'
import { truncate } from './truncate'

describe('truncate', () => {
  it('leaves text of 100 characters or fewer alone', () => {
    const text = 'a'.repeat(100)
    expect(truncate(text)).toBe(text)
    expect(truncate('Green tea')).toBe('Green tea')
  })

  it('cuts longer text to 100 characters and adds an ellipsis', () => {
    const result = truncate('b'.repeat(101))
    expect(result).toBe(`${'b'.repeat(100)}...`)
  })

  it('takes a custom length', () => {
    expect(truncate('Wholesale marketplace', 9)).toBe('Wholesale...')
  })

  it('does not end on a dangling space before the ellipsis', () => {
    expect(truncate('Bulk rice sacks', 5)).toBe('Bulk...')
  })

  it('never splits an emoji', () => {
    expect(truncate('☕☕☕🍵🍵', 4)).toBe('☕☕☕🍵...')
  })
})
