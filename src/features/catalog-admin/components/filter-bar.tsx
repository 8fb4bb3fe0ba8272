import { useId, useState } from 'react'
import { Button } from '~/ui/button'
import { inputClasses } from '~/ui/input'
import { m } from '~/lib/messages'

/**
 * An admin list's search box and one state filter. Submitting (Enter or the button) applies the
 * text; the state applies at once. The values live in the URL (the page passes them in).
 */
export function FilterBar<S extends string>({
  q,
  state,
  states,
  stateLabel,
  placeholder,
  onChange,
}: {
  q: string | undefined
  state: S | undefined
  states: readonly { value: S; label: string }[]
  stateLabel: string
  placeholder: string
  onChange: (filters: { q?: string; state?: S }) => void
}) {
  const id = useId()
  const [text, setText] = useState(q ?? '')
  return (
    <form
      role="search"
      className="flex flex-col gap-3 rounded-2xl border border-stone-200 bg-white p-4 sm:flex-row sm:items-end"
      onSubmit={(event) => {
        event.preventDefault()
        onChange({ q: text.trim() || undefined, state })
      }}
    >
      <div className="flex flex-1 flex-col gap-1">
        <label htmlFor={`${id}-q`} className="text-sm font-medium text-ink">
          {m.admin_filter_search()}
        </label>
        <input
          id={`${id}-q`}
          type="search"
          value={text}
          maxLength={100}
          placeholder={placeholder}
          onChange={(event) => setText(event.target.value)}
          className={inputClasses}
        />
      </div>
      <div className="flex flex-col gap-1 sm:w-48">
        <label htmlFor={`${id}-state`} className="text-sm font-medium text-ink">
          {stateLabel}
        </label>
        <select
          id={`${id}-state`}
          value={state ?? ''}
          onChange={(event) =>
            onChange({
              q: text.trim() || undefined,
              state: (event.target.value || undefined) as S | undefined,
            })
          }
          className={inputClasses}
        >
          <option value="">{m.admin_filter_all()}</option>
          {states.map((s) => (
            <option key={s.value} value={s.value}>
              {s.label}
            </option>
          ))}
        </select>
      </div>
      <Button type="submit" variant="secondary">
        {m.admin_filter_search()}
      </Button>
    </form>
  )
}
