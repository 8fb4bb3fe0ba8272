import { cn } from '~/lib/cn'
import type { Suggestion } from '../catalog.types'
import { Highlighted } from './highlighted'
import { m } from '~/lib/messages'

const kindLabels: Record<Suggestion['kind'], () => string> = {
  category: m.catalog_search_kind_category,
  brand: m.catalog_search_kind_brand,
  product: m.catalog_search_kind_product,
}

/**
 * The header search's suggestions, the options of its listbox (search-autocomplete.tsx). Apart so
 * that they, the highlighting and their messages load when the box is first focused, not with
 * every page (issue #21).
 */
export function SuggestionOptions({
  suggestions,
  listId,
  activeIndex,
  onChoose,
  onHover,
}: {
  suggestions: Suggestion[]
  listId: string
  activeIndex: number
  onChoose: (suggestion: Suggestion) => void
  onHover: (index: number) => void
}) {
  return suggestions.map((s, i) => (
    <li
      key={`${s.kind}:${s.href}`}
      id={`${listId}-${i}`}
      role="option"
      aria-selected={i === activeIndex}
      onMouseDown={(event) => event.preventDefault()}
      onClick={() => onChoose(s)}
      onMouseEnter={() => onHover(i)}
      className={cn(
        'flex cursor-pointer items-baseline justify-between gap-3 px-4 py-2 text-sm',
        i === activeIndex ? 'bg-brand-50' : 'hover:bg-stone-50',
      )}
    >
      <span className="min-w-0 truncate text-ink">
        <Highlighted text={s.label} parts={s.highlight} />
      </span>
      <span className="shrink-0 text-xs text-stone-500">{kindLabels[s.kind]()}</span>
    </li>
  ))
}
