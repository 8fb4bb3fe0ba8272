import { foldSearchText } from '~/lib/search-fold'
import type { HighlightPart } from './catalog.types'

/** At most this many words of a search are used; the rest add nothing but cost. */
export const MAX_SEARCH_WORDS = 8

/**
 * The words of a search: lower-case letters and digits of any script, folded as the documents are
 * (Arabic and Persian letter forms, digits, the non-joiner: lib/search-fold), in order, without repeats.
 */
export function searchWords(q: string): string[] {
  const words = foldSearchText(q.normalize('NFKC'))
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
  return [...new Set(words)].slice(0, MAX_SEARCH_WORDS)
}

function commonPrefix(a: string, b: string): number {
  let n = 0
  while (n < a.length && n < b.length && a[n] === b[n]) n++
  return n
}

/**
 * Whether a word of the text counts as matching a search word: a prefix match ("deterg" in
 * "Detergent"), or a shared stem for inflected forms ("batteries" and "Battery").
 */
function matches(word: string, searchWord: string): boolean {
  if (word.startsWith(searchWord)) return true
  const singular = searchWord.replace(/(?:es|s)$/, '')
  if (singular.length >= 3 && singular !== searchWord && word.startsWith(singular)) return true
  const shared = commonPrefix(word, searchWord)
  return shared >= 4 && shared >= searchWord.length - 3 && shared >= word.length - 3
}

/**
 * Splits `text` into runs, marking the words that match the search. Plain data, rendered with
 * <mark> by React: no HTML is ever built from user input or product data.
 */
export function highlightText(text: string, words: readonly string[]): HighlightPart[] {
  if (words.length === 0) return [{ text, match: false }]
  const parts: HighlightPart[] = []
  const push = (chunk: string, match: boolean) => {
    if (!chunk) return
    const last = parts.at(-1)
    if (last && last.match === match) last.text += chunk
    else parts.push({ text: chunk, match })
  }
  const wordPattern = /[\p{L}\p{N}]+/gu
  let cursor = 0
  for (const found of text.matchAll(wordPattern)) {
    const start = found.index
    push(text.slice(cursor, start), false)
    const lower = foldSearchText(found[0].normalize('NFKC')).toLowerCase()
    const hit = words.some((w) => matches(lower, w))
    push(found[0], hit)
    cursor = start + found[0].length
  }
  push(text.slice(cursor), false)
  return parts
}
