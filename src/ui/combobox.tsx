import { useEffect, useId, useMemo, useState, type KeyboardEvent, type ReactNode } from 'react'
import { cn } from '~/lib/cn'
import type { FieldControlProps } from './field'
import { ChevronDownIcon } from './icons'
import { inputClasses } from './input'

export interface ComboboxProps<T> {
  /** The label, hint and error wiring from `<Field>`. */
  control: FieldControlProps
  name?: string
  /** The text in the box (the field's value). */
  value: string
  onValueChange: (value: string) => void
  onBlur?: () => void
  /** The options a typed text finds, best first; '' gives the whole list. */
  search: (text: string) => readonly T[]
  optionKey: (option: T) => string
  /** The text an option puts in the box when chosen. */
  optionValue: (option: T) => string
  renderOption: (option: T) => ReactNode
  /** The list's accessible name ("Cities"). */
  listLabel: string
  /** What the live region says for n matches ("12 cities"). */
  countLabel: (count: number) => string
  emptyMessage: (text: string) => string
  /** The list button's accessible name ("Show all cities"). */
  toggleLabel: string
  placeholder?: string
  required?: boolean
}

/**
 * A text box with a list of choices that narrows as you type (WAI-ARIA combobox with a listbox and
 * `aria-activedescendant`, focus stays in the box). Down/Up open the list and move through it, Enter
 * chooses, Escape closes; typing highlights the best match, so "isf" + Enter chooses it. Opened
 * without typing, the list shows everything with the current choice highlighted. The box holds
 * free text: the caller's validation decides whether it names a choice.
 */
export function Combobox<T>({
  control,
  name,
  value,
  onValueChange,
  onBlur,
  search,
  optionKey,
  optionValue,
  renderOption,
  listLabel,
  countLabel,
  emptyMessage,
  toggleLabel,
  placeholder,
}: ComboboxProps<T>) {
  const listId = `${useId()}-list`
  const [open, setOpen] = useState(false)
  /** The text typed since the list opened; null: nothing typed, the whole list shows. */
  const [typed, setTyped] = useState<string | null>(null)
  const [active, setActive] = useState(-1)
  const options = useMemo(() => (open ? search(typed ?? '') : []), [open, search, typed])
  const optionId = (index: number) => `${listId}-${index}`

  useEffect(() => {
    if (active >= 0) document.getElementById(optionId(active))?.scrollIntoView({ block: 'nearest' })
    // optionId depends on listId only, which never changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [active, open])

  const openList = (highlight: 'current' | 'first' | 'last') => {
    const all = search('')
    const current = all.findIndex((option) => optionValue(option) === value)
    setTyped(null)
    setOpen(true)
    setActive(current >= 0 ? current : highlight === 'last' ? all.length - 1 : 0)
  }
  const close = () => {
    setOpen(false)
    setTyped(null)
    setActive(-1)
  }
  const choose = (option: T) => {
    onValueChange(optionValue(option))
    close()
  }

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      if (!open) return openList(event.key === 'ArrowDown' ? 'first' : 'last')
      if (options.length === 0) return
      const step = event.key === 'ArrowDown' ? 1 : -1
      setActive((current) => (current + step + options.length) % options.length)
    } else if (event.key === 'Enter') {
      const option = open && active >= 0 ? options[active] : undefined
      // With a highlighted choice Enter chooses it; otherwise it submits the form as usual.
      if (option) {
        event.preventDefault()
        choose(option)
      }
    } else if (event.key === 'Escape' && open) {
      // Only the list closes, not a dialog the form may sit in.
      event.preventDefault()
      event.stopPropagation()
      close()
    }
  }

  const expanded = open
  return (
    <div className="relative">
      <input
        {...control}
        type="text"
        name={name}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={open && active >= 0 && active < options.length ? optionId(active) : undefined}
        autoComplete="off"
        spellCheck={false}
        value={value}
        placeholder={placeholder}
        onChange={(event) => {
          const text = event.target.value
          onValueChange(text)
          setTyped(text)
          setOpen(true)
          setActive(text.trim() && search(text).length > 0 ? 0 : -1)
        }}
        onClick={() => {
          if (!open) openList('current')
        }}
        onKeyDown={onKeyDown}
        onBlur={() => {
          close()
          onBlur?.()
        }}
        className={cn(inputClasses, 'pe-10')}
      />
      <button
        type="button"
        tabIndex={-1}
        aria-label={toggleLabel}
        aria-controls={listId}
        aria-expanded={expanded}
        // Keeps the focus in the box, so the list does not close before the click lands.
        onMouseDown={(event) => event.preventDefault()}
        onClick={() => {
          const input = document.getElementById(control.id)
          input?.focus()
          if (open) close()
          else openList('current')
        }}
        className="absolute end-0 top-0 flex h-10 w-10 items-center justify-center rounded-e-lg text-stone-600 hover:text-ink"
      >
        <ChevronDownIcon size={18} className={cn('transition-transform', open && 'rotate-180')} />
      </button>
      <ul
        id={listId}
        role="listbox"
        aria-label={listLabel}
        hidden={!open}
        onMouseDown={(event) => event.preventDefault()}
        className="absolute inset-x-0 top-11 z-40 max-h-72 overflow-y-auto overscroll-contain rounded-xl border border-stone-200 bg-white py-1 shadow-lg"
      >
        {options.map((option, index) => (
          <li
            key={optionKey(option)}
            id={optionId(index)}
            role="option"
            aria-selected={index === active}
            onClick={() => choose(option)}
            onMouseMove={() => {
              if (index !== active) setActive(index)
            }}
            className={cn(
              'cursor-pointer px-3 py-2 text-sm text-ink',
              index === active ? 'bg-brand-50' : 'hover:bg-stone-50',
              optionValue(option) === value && 'font-medium',
            )}
          >
            {renderOption(option)}
          </li>
        ))}
      </ul>
      {open && options.length === 0 ? (
        <p className="absolute inset-x-0 top-11 z-40 rounded-xl border border-stone-200 bg-white px-3 py-2 text-sm text-stone-600 shadow-lg">
          {emptyMessage(typed ?? value)}
        </p>
      ) : null}
      <p className="sr-only" aria-live="polite">
        {open ? (options.length ? countLabel(options.length) : emptyMessage(typed ?? value)) : ''}
      </p>
    </div>
  )
}
