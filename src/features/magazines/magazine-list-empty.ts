import { m } from '~/lib/messages'
import type { MagazineListSearch } from './magazine-search.schemas'

/**
 * What /magazine says when it has no cards: with a search or a filter, that nothing matched it;
 * without one, that no magazine has been published yet (there is nothing to clear).
 */
export function emptyMagazineListing(search: MagazineListSearch): { title: string; body: string } {
  const filtered = Boolean(search.q || search.seller || search.category)
  return filtered
    ? { title: m.magazines_none_found(), body: m.magazines_none_found_body() }
    : { title: m.magazines_none_published(), body: m.magazines_none_published_body() }
}
