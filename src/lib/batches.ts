/** Splits rows into insert-sized batches (PostgreSQL caps one statement at 65,535 parameters). */
export function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = []
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size))
  return out
}

/** Runs `fn` over the items with at most `limit` in flight, failing on the first error. */
export async function forEachLimited<T>(
  items: readonly T[],
  limit: number,
  fn: (item: T) => Promise<unknown>,
): Promise<void> {
  let next = 0
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++] as T
      await fn(item)
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
}

/** Looks rows up by a key, failing loudly when the seed refers to something it did not insert. */
export function indexBy<T, K>(rows: readonly T[], key: (row: T) => K): (k: K) => T {
  const map = new Map<K, T>()
  for (const row of rows) map.set(key(row), row)
  return (k) => {
    const row = map.get(k)
    if (row === undefined) throw new Error(`seed: no row for ${String(k)}`)
    return row
  }
}
