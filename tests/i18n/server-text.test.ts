import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { scanServerSources, serverText } from './server-text-scan'

describe('words the server answers with are messages (issue #22)', () => {
  it('has no error, validation message or API message written in English', () => {
    const found = scanServerSources()
      .filter(({ found }) => found.length > 0)
      .map(({ file, found }) => `${file} (${found.length}):\n  ${found.join('\n  ')}`)
    expect(found, found.join('\n')).toEqual([])
  })

  it('finds English where a user reads it or the system stores it to show, and leaves messages and codes alone (the scan itself works)', () => {
    const fixture = join(import.meta.dirname, 'fixtures/server-text.ts')
    expect(serverText(fixture).map((line) => line.split(':')[0])).toEqual([
      '7',
      '9',
      '10',
      '11',
      '12',
      '13',
      '17',
      '19',
      // What the system stores and pages show as stored: a ledger note, a timeline note, a reason.
      '22',
      '23',
      '24',
      '27',
    ])
  })
})
