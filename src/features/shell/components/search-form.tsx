import { useNavigate } from '@tanstack/react-router'
import { useId, useState, type FormEvent } from 'react'
import { cn } from '~/lib/cn'
import { SearchIcon } from '~/ui/icons'

/**
 * Goes to /product?q=. A real GET form, so it works before the JavaScript has loaded; afterwards
 * it navigates in the app without a page load.
 */
export function SearchForm({ className, autoFocus }: { className?: string; autoFocus?: boolean }) {
  const navigate = useNavigate()
  const [q, setQ] = useState('')
  const id = useId()
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const query = q.trim().slice(0, 100)
    void navigate({ to: '/product', search: query ? { q: query } : {} })
  }
  return (
    <form
      role="search"
      action="/product"
      method="get"
      onSubmit={submit}
      className={cn('relative w-full', className)}
    >
      <label htmlFor={id} className="sr-only">
        Search products
      </label>
      <input
        id={id}
        type="search"
        name="q"
        value={q}
        maxLength={100}
        autoFocus={autoFocus}
        onChange={(event) => setQ(event.target.value)}
        placeholder="Search products, brands and stores"
        className="h-11 w-full rounded-xl border border-stone-300 bg-stone-50 ps-4 pe-12 text-sm text-ink placeholder:text-stone-500 focus-visible:border-brand-600 focus-visible:bg-white"
      />
      <button
        type="submit"
        className="absolute end-1 top-1 flex h-9 w-9 items-center justify-center rounded-lg bg-brand-500 text-ink hover:bg-brand-400"
      >
        <SearchIcon size={18} />
        <span className="sr-only">Search</span>
      </button>
    </form>
  )
}
