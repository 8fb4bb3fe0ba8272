import { useQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { lazy, Suspense, useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react'
import { cn } from '~/lib/cn'
import { SearchIcon } from '~/ui/icons'
import { catalogShellQueries } from '../catalog-shell.queries'
import type { Suggestion } from '../catalog.types'
import { m } from '~/lib/messages'

/** Keystrokes closer together than this are one search: one request, not one per letter. */
const DEBOUNCE_MS = 200
const MIN_LENGTH = 2
const MAX_LENGTH = 100
// The options' code loads when the box is first focused (issue #21); suggestions come later still.
const loadOptions = () => import('./search-suggestions')
const SuggestionOptions = lazy(() => loadOptions().then((module) => ({ default: module.SuggestionOptions })))

function useDebounced(value: string, ms: number): string {
  const [settled, setSettled] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms)
    return () => clearTimeout(timer)
  }, [value, ms])
  return settled
}

/**
 * The header's search box with suggestions (a WAI-ARIA combobox): arrows move through them, Enter
 * opens the chosen one or searches for the text, Escape closes the list. It stays a real GET form
 * to /product, so searching works before the JavaScript has loaded.
 */
export function SearchAutocomplete({ className, autoFocus }: { className?: string; autoFocus?: boolean }) {
  const navigate = useNavigate()
  const id = useId()
  const listId = `${id}-suggestions`
  // A plain controlled input, not TanStack Form: this box is in every page's header, and the form
  // library would be about 16 KB (gzip) of every page's first load for one text field (issue #21).
  // The text is bounded here as textSchema(100) would (no NUL, at most 100 characters, trimmed),
  // and /product validates `q` again in its search schema.
  const [q, setQ] = useState('')
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(-1)
  const blurTimer = useRef<ReturnType<typeof setTimeout>>(undefined)
  const settled = useDebounced(q.trim().slice(0, 100), DEBOUNCE_MS)
  const { data: suggestions = [] } = useQuery({
    ...catalogShellQueries.suggestions(settled),
    enabled: settled.length >= MIN_LENGTH,
    placeholderData: (previous) => previous,
  })
  const shown = open && q.trim().length >= MIN_LENGTH ? suggestions : []

  const go = (href: string) => {
    setOpen(false)
    setActive(-1)
    void navigate({ href })
  }
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      setOpen(true)
      if (shown.length === 0) return
      // Past either end the focus returns to the text itself (-1).
      if (event.key === 'ArrowDown') setActive((current) => (current + 1 < shown.length ? current + 1 : -1))
      else setActive((current) => (current === -1 ? shown.length - 1 : current - 1))
    } else if (event.key === 'Escape') {
      setOpen(false)
      setActive(-1)
    }
  }
  const activeIndex = active >= shown.length ? -1 : active
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const chosen: Suggestion | undefined = activeIndex >= 0 ? shown[activeIndex] : undefined
    if (chosen) return go(chosen.href)
    setOpen(false)
    const query = q.trim()
    void navigate({ to: '/product', search: query ? { q: query } : {} })
  }

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      role="search"
      // Named, so a page's own search landmark (FAQ, magazines...) is told apart from the header's.
      aria-label={m.catalog_search_landmark()}
      action="/product"
      method="get"
      className={cn('relative w-full', className)}
    >
      <label htmlFor={id} className="sr-only">
        {m.catalog_search_label()}
      </label>
      <input
        id={id}
        type="search"
        name="q"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={shown.length > 0}
        aria-controls={listId}
        aria-activedescendant={activeIndex >= 0 ? `${listId}-${activeIndex}` : undefined}
        autoComplete="off"
        value={q}
        maxLength={MAX_LENGTH}
        autoFocus={autoFocus}
        onChange={(event) => {
          setQ(event.target.value.replace(/\0/g, '').slice(0, MAX_LENGTH))
          setOpen(true)
          setActive(-1)
        }}
        onKeyDown={onKeyDown}
        onFocus={() => {
          setOpen(true)
          void loadOptions()
        }}
        // A click on a suggestion blurs the input first: close a moment later, not before the click lands.
        onBlur={() => {
          blurTimer.current = setTimeout(() => setOpen(false), 150)
        }}
        placeholder={m.catalog_search_placeholder()}
        className="h-11 w-full rounded-xl border border-stone-300 bg-stone-50 ps-4 pe-12 text-sm text-ink placeholder:text-stone-500 focus-visible:border-brand-600 focus-visible:bg-white"
      />
      <button
        type="submit"
        className="absolute end-1 top-1 flex h-9 w-9 items-center justify-center rounded-lg bg-brand-500 text-ink hover:bg-brand-400"
      >
        <SearchIcon size={18} />
        <span className="sr-only">{m.catalog_search_submit()}</span>
      </button>
      <ul
        id={listId}
        role="listbox"
        aria-label={m.catalog_search_suggestions()}
        hidden={shown.length === 0}
        className="absolute inset-x-0 top-12 z-40 max-h-96 overflow-y-auto rounded-xl border border-stone-200 bg-white py-1 shadow-lg"
      >
        {shown.length > 0 ? (
          <Suspense fallback={null}>
            <SuggestionOptions
              suggestions={shown}
              listId={listId}
              activeIndex={activeIndex}
              onChoose={(suggestion) => {
                clearTimeout(blurTimer.current)
                go(suggestion.href)
              }}
              onHover={setActive}
            />
          </Suspense>
        ) : null}
      </ul>
    </form>
  )
}
