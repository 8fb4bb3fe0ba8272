import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { scanSources, untranslated } from './untranslated-scan'

describe('words in components are messages (issue #22)', () => {
  it('has no component or route with written-in words', () => {
    const found = scanSources()
      .filter(({ found }) => found.length > 0)
      .map(({ file, found }) => `${file} (${found.length}):\n  ${found.join('\n  ')}`)
    expect(found, found.join('\n')).toEqual([])
  })

  it('finds words where a reader sees them (the scan itself works)', () => {
    const fixture = join(import.meta.dirname, 'fixtures/untranslated.tsx')
    expect(untranslated(fixture).map((line) => line.split(':')[0])).toEqual(['5', '6', '7', '8'])
  })
})
