import { asciiDigits } from './digits'

/**
 * How search text is folded before it is matched, the same on both sides: the words a buyer types
 * (catalog-highlight's searchWords) and the documents they are matched against (the SQL function
 * `search_normalize` of migration 0028, which must stay a copy of these tables; a test compares the
 * two). Persian is written with Arabic code points as often as with Persian ones (ي/ی, ك/ک), with or
 * without the zero-width non-joiner (می‌خواهم / می خواهم), with Persian, Arabic or Latin digits and,
 * now and then, with vowel marks: a search must not care which.
 */

/** Letters folded to one form: Arabic yeh, alef maksura and yeh with hamza to Persian yeh;
 *  Arabic kaf to Persian kaf; teh marbuta, heh with yeh and heh doachashmee to heh; alefs with
 *  hamza or madda to alef; waw with hamza to waw. */
export const FOLDED_LETTERS = 'يىئكةۀھأإآؤ'
export const FOLDED_TO = 'یییکهههاااو'

/** Marks removed: Arabic vowel marks (fathatan to sukun and the rest of the block), superscript alef,
 *  tatweel, and the zero-width joiner. The non-joiner separates words. */
const MARKS = /[\u064B-\u065F\u0670\u0640\u200D]/g
const NON_JOINER = /\u200C/g

export function foldSearchText(text: string): string {
  let folded = ''
  for (const char of text) {
    const at = FOLDED_LETTERS.indexOf(char)
    folded += at === -1 ? char : FOLDED_TO[at]
  }
  return asciiDigits(folded.replace(MARKS, '').replace(NON_JOINER, ' '))
}
