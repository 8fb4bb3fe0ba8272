import { describe, expect, it } from 'vitest'
import { m } from '~/lib/messages'

/**
 * Every message gives a sentence in both languages, for one and for many: a message whose variants
 * match no case (a misspelt plural key, two selectors written without the comma the format wants)
 * falls back to printing its own key, e.g. "catalog_product_moq_stores" on a product page.
 */
type Message = (inputs: Record<string, unknown>, options: { locale: 'fa' | 'en' }) => string

/** Inputs that answer every name with the same value (counts and their texts alike). */
const every = (value: number) => new Proxy({}, { get: () => value })

describe('messages (issue #22)', () => {
  const messages = Object.entries(m as unknown as Record<string, Message>).filter(
    ([, message]) => typeof message === 'function',
  )

  it('are there to check', () => {
    expect(messages.length).toBeGreaterThan(1000)
  })

  for (const locale of ['fa', 'en'] as const) {
    it(`give text, not their key, in ${locale} for one and for many`, () => {
      const fallbacks = messages.flatMap(([key, message]) =>
        [1, 2].filter((n) => message(every(n), { locale }) === key).map((n) => `${key} (count ${n})`),
      )
      expect(fallbacks, fallbacks.join('\n')).toEqual([])
    })
  }
})

describe('message files', () => {
  it('define each key once: a key in two files is silently one of the two texts on both pages', async () => {
    const { readdir, readFile } = await import('node:fs/promises')
    const owners = new Map<string, string[]>()
    for (const folder of await readdir('messages')) {
      const keys = Object.keys(JSON.parse(await readFile(`messages/${folder}/en.json`, 'utf8')) as object)
      for (const key of keys.filter((k) => k !== '$schema'))
        owners.set(key, [...(owners.get(key) ?? []), folder])
    }
    const twice = [...owners]
      .filter(([, folders]) => folders.length > 1)
      .map(([key, f]) => `${key}: ${f.join(', ')}`)
    expect(twice).toEqual([])
  })
})
