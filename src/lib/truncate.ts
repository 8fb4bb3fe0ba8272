import { constants } from '#app-config'

/**
 * Shortens text to `length` characters plus an ellipsis when it is longer (spec §9). Counts code
 * points, so an emoji or a surrogate pair is never cut in half.
 */
export function truncate(text: string, length: number = constants.truncateLength): string {
  const chars = Array.from(text)
  if (chars.length <= length) return text
  return `${chars.slice(0, length).join('').trimEnd()}...`
}
