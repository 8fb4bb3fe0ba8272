/**
 * Invisible Unicode controls that change how the text around them is laid out, removed from what
 * people type (issue #35). A right-to-left override (U+202E) in a product name turns "gpj.exe"
 * into what reads as "exe.jpg"; an unclosed embedding in a store name reorders the sentence a page
 * shows it in. Nobody needs these in a name, an address or a message: Persian text reads right
 * to left by itself.
 *
 * Removed: the embeddings and overrides U+202A-U+202E, the isolates U+2066-U+2069, the deprecated
 * shaping and digit-shape controls U+206A-U+206F, the byte-order mark U+FEFF (a zero-width
 * character that arrives with pasted or spreadsheet text) and the interlinear annotation marks
 * U+FFF9-U+FFFB.
 *
 * Kept: the zero-width non-joiner U+200C (Persian spelling needs it: "می‌خواهم"), the joiner U+200D
 * (emoji sequences), and the marks U+200E/U+200F/U+061C (LRM, RLM, ALM): Persian writers place
 * them to seat punctuation or a Latin word correctly, and a mark only sways the neutral characters
 * next to it; it cannot reverse a run of letters the way an override does.
 */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069\u206A-\u206F\uFEFF\uFFF9-\uFFFB]/g

/** `text` without bidi embedding, override and isolate controls (and the other traps above). */
export function stripBidiControls(text: string): string {
  return text.replace(BIDI_CONTROLS, '')
}
