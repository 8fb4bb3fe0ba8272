/**
 * The page numbers to show around the current one: first, last, neighbours, and 'gap' where pages
 * are skipped. Always at most 7 entries, so the control fits a 360 px screen.
 */
export function paginationRange(page: number, pageCount: number): Array<number | 'gap'> {
  if (pageCount <= 7) return Array.from({ length: pageCount }, (_, i) => i + 1)
  const current = Math.min(Math.max(page, 1), pageCount)
  if (current <= 4) return [1, 2, 3, 4, 5, 'gap', pageCount]
  if (current >= pageCount - 3) return [1, 'gap', ...Array.from({ length: 5 }, (_, i) => pageCount - 4 + i)]
  return [1, 'gap', current - 1, current, current + 1, 'gap', pageCount]
}
