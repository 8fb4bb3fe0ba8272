/** URL-safe, lower-case, hyphenated. */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
}

/** Hands out slugs that are unique within one run by appending -2, -3, ... on collisions. */
export function uniqueSlugger(): (text: string) => string {
  const used = new Set<string>()
  const counters = new Map<string, number>()
  return (text) => {
    const base = slugify(text) || 'item'
    let n = counters.get(base) ?? 1
    let candidate = base
    while (used.has(candidate)) candidate = `${base}-${++n}`
    counters.set(base, n)
    used.add(candidate)
    return candidate
  }
}

export function escapeXml(text: string): string {
  return text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c,
  )
}

/** Up to three letters from the first letters of the words, e.g. "Basmati Rice" -> "BR". */
export function initials(text: string, max = 2): string {
  const words = text.split(/[^A-Za-z0-9]+/).filter((w) => w.length > 0 && !/^\d/.test(w))
  const letters = words.map((w) => w[0]?.toUpperCase() ?? '').join('')
  return letters.slice(0, max) || text.slice(0, max).toUpperCase()
}
