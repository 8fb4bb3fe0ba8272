import '@tanstack/react-start/server-only'
import { sql, type SQL } from 'drizzle-orm'
import { selectRows, type DbOrTx } from '~/server/db/client.server'
import { highlightText, searchWords } from './catalog-highlight'
import type { Suggestion } from './catalog.types'

/**
 * Text search over the listing read model: PostgreSQL full-text search on a weighted document
 * (name A > brand B > category C > description D) with prefix matching for partial words, after
 * correcting misspelt words against the catalogue's vocabulary with pg_trgm.
 */

/** Words shorter than this are never "corrected": too little to go on. */
const MIN_CORRECTABLE = 3
/** pg_trgm similarity a replacement needs (its `%` operator's default threshold is 0.3). */
const MIN_SIMILARITY = 0.35

export interface ParsedSearch {
  /** The words searched for after correction. */
  words: string[]
  /** The corrected search when some word was replaced, else null. */
  corrected: string | null
}

/**
 * Replaces each word that is neither a catalogue word nor the start of one with the most similar
 * catalogue word, when one is similar enough ("detergant" -> "detergent"). One round trip.
 */
export async function correctSearch(db: DbOrTx, q: string): Promise<ParsedSearch> {
  const words = searchWords(q)
  if (words.length === 0) return { words, corrected: null }
  // searchWords leaves letters and digits only, so the array literal needs no quoting.
  const rows = await selectRows<{ word: string; known: boolean; best: string | null; score: number | null }>(
    db,
    sql`
      select t.word,
        exists (select 1 from search_terms s where s.term like t.word || '%') as known,
        b.term as best, b.score
      from unnest(${`{${words.join(',')}}`}::text[]) with ordinality as t(word, n)
      left join lateral (
        select s.term, similarity(s.term, t.word) as score from search_terms s
        where s.term % t.word order by similarity(s.term, t.word) desc, s.term limit 1
      ) b on true
      order by t.n
    `,
  )
  let changed = false
  const corrected = rows.map((row) => {
    const word = String(row.word)
    if (row.known || word.length < MIN_CORRECTABLE || /^\d+$/.test(word)) return word
    if (row.best && Number(row.score) >= MIN_SIMILARITY) {
      changed = true
      return String(row.best)
    }
    return word
  })
  return { words: corrected, corrected: changed ? corrected.join(' ') : null }
}

/**
 * The tsquery for the words: every word must match, as a prefix, either its English stem
 * ("batteries" -> batteri:*) or the plain word ("detergen:*" -> detergent).
 */
export function tsQuery(words: readonly string[]): SQL {
  const parts = words.map(
    (word) => sql`(to_tsquery('english', ${`${word}:*`}) || to_tsquery('simple', ${`${word}:*`}))`,
  )
  return sql.join(parts, sql` && `)
}

const SUGGESTION_PRODUCTS = 6
const SUGGESTION_OTHERS = 3
/** Matches ranked for the suggestions: the most popular ones. */
const SUGGESTION_WINDOW = 200

/** Autocomplete for the header search box: matching categories, brands and product names. */
export async function suggest(db: DbOrTx, q: string): Promise<Suggestion[]> {
  const { words } = await correctSearch(db, q)
  if (words.length === 0) return []
  const query = tsQuery(words)
  const pattern = `%${words.join('%')}%`
  const [products, categories, brands] = await Promise.all([
    selectRows<{ slug: string; name: string; brand: string | null }>(
      db,
      // Like the listing's relevance sort: rank only the most popular matches, not every one.
      sql`
        with hits as materialized (select product_id from product_search where search @@ (${query})),
        candidates as (
          select product_id, slug, name, brand_name, store_count from product_listings
          where product_id in (select product_id from hits)
          order by ordered_units_30d desc, store_count desc, created_at desc, product_id desc
          limit ${SUGGESTION_WINDOW}
        )
        select c.slug, c.name, c.brand_name as brand from candidates c
        join product_search s on s.product_id = c.product_id
        order by ts_rank(s.search, (${query})) desc, c.store_count desc, c.product_id desc
        limit ${SUGGESTION_PRODUCTS}
      `,
    ),
    selectRows<{ slug: string; name: string }>(
      db,
      sql`select slug, name from categories where search_normalize(lower(concat_ws(' ', name, name_fa))) like ${pattern}
        order by position, name limit ${SUGGESTION_OTHERS}`,
    ),
    selectRows<{ slug: string; name: string }>(
      db,
      sql`select slug, name from brands where status = 'approved'
        and search_normalize(lower(concat_ws(' ', name, name_fa))) like ${pattern} order by name limit ${SUGGESTION_OTHERS}`,
    ),
  ])
  return [
    ...categories.map((c) => ({
      kind: 'category' as const,
      label: c.name,
      href: `/category/${c.slug}`,
      highlight: highlightText(c.name, words),
    })),
    ...brands.map((b) => ({
      kind: 'brand' as const,
      label: b.name,
      href: `/product?brand=${encodeURIComponent(b.slug)}`,
      highlight: highlightText(b.name, words),
    })),
    ...products.map((p) => {
      const label = p.brand ? `${p.name} · ${p.brand}` : p.name
      return {
        kind: 'product' as const,
        label,
        href: `/product/${p.slug}`,
        highlight: highlightText(label, words),
      }
    }),
  ]
}
