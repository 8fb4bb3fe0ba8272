import { describe, expect, it } from 'vitest'
import { highlightText, searchWords } from './catalog-highlight'

const marked = (text: string, words: string[]) =>
  highlightText(text, words)
    .filter((p) => p.match)
    .map((p) => p.text)

describe('search highlighting', () => {
  it('splits a search into distinct lower-case words of letters and digits', () => {
    expect(searchWords('  Basmati RICE, rice & 10kg! ')).toEqual(['basmati', 'rice', '10kg'])
    expect(searchWords('<script>alert(1)</script>')).toEqual(['script', 'alert', '1'])
    expect(searchWords('چای سبز')).toEqual(['چای', 'سبز'])
  })

  it('marks whole words that start with a search word, or share its stem', () => {
    expect(marked('Alkaline Battery AA', ['batteries'])).toEqual(['Battery'])
    expect(marked('Liquid Detergent 4 L', ['deterg'])).toEqual(['Detergent'])
    expect(marked('Claw Hammer', ['hammers'])).toEqual(['Hammer'])
    expect(marked('Paper Cups', ['cup'])).toEqual(['Cups'])
    expect(marked('Basmati Rice', ['rich'])).toEqual([])
  })

  it('keeps the text exactly, as plain runs (no markup)', () => {
    const parts = highlightText('Tea <b>& Coffee</b>', ['coffee'])
    expect(parts.map((p) => p.text).join('')).toBe('Tea <b>& Coffee</b>')
    expect(parts).toEqual([
      { text: 'Tea <b>& ', match: false },
      { text: 'Coffee', match: true },
      { text: '</b>', match: false },
    ])
    expect(highlightText('Anything', [])).toEqual([{ text: 'Anything', match: false }])
  })
})
