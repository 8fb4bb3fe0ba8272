import { SearchAutocomplete } from '~/features/catalog'

/**
 * The header's search: the catalogue's box with suggestions (issue #5). A real GET form to
 * /product?q=, so it works before the JavaScript has loaded.
 */
export function SearchForm({ className, autoFocus }: { className?: string; autoFocus?: boolean }) {
  return <SearchAutocomplete className={className} autoFocus={autoFocus} />
}
