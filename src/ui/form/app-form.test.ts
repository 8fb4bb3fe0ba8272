import { describe, expect, it } from 'vitest'
import { nearestField } from './app-form'

describe('nearestField: where a server or schema message lands', () => {
  const rendered = { title: {}, 'blocks[2].slugs': {}, 'blocks[1].search': {}, blocks: {} }

  it('reads the server’s dotted paths as the form’s indexed field names', () => {
    expect(nearestField('blocks.2.slugs', rendered)).toBe('blocks[2].slugs')
    expect(nearestField('title', rendered)).toBe('title')
  })

  it('puts a message about part of a value on the field that holds it', () => {
    expect(nearestField('blocks.2.slugs.4', rendered)).toBe('blocks[2].slugs')
    expect(nearestField('blocks[1].search.category', rendered)).toBe('blocks[1].search')
    expect(nearestField('blocks.7.heading', rendered)).toBe('blocks')
  })

  it('finds nothing for a path no field covers (the message goes above the form)', () => {
    expect(nearestField('ticket', rendered)).toBeNull()
  })
})
