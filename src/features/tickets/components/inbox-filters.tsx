import { useId, useState, type FormEvent } from 'react'
import { Button } from '~/ui/button'
import { Input, inputClasses } from '~/ui/input'
import {
  departmentLabels,
  statusLabels,
  ticketDepartments,
  ticketStatuses,
  type TicketDepartment,
  type TicketStatus,
} from '../ticket-enums'

export interface InboxFilters {
  status?: TicketStatus
  department?: TicketDepartment
  assigned?: 'me' | 'unassigned'
  q?: string
}

/** /admin/tickets filters; applied on submit so typing a search does not reload on every key. */
export function InboxFiltersForm({
  filters,
  onChange,
}: {
  filters: InboxFilters
  onChange: (f: InboxFilters) => void
}) {
  const [draft, setDraft] = useState<InboxFilters>(filters)
  const id = useId()
  const submit = (event: FormEvent) => {
    event.preventDefault()
    onChange({ ...draft, q: draft.q?.trim() || undefined })
  }
  const select = (name: keyof InboxFilters, label: string, options: Array<[string, string]>) => (
    <div className="flex flex-col gap-1">
      <label htmlFor={`${id}-${name}`} className="text-xs font-medium text-stone-700">
        {label}
      </label>
      <select
        id={`${id}-${name}`}
        value={draft[name] ?? ''}
        onChange={(event) => setDraft({ ...draft, [name]: event.target.value || undefined })}
        className={inputClasses}
      >
        <option value="">All</option>
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
    </div>
  )
  return (
    <form
      onSubmit={submit}
      role="search"
      className="grid gap-3 rounded-2xl border border-stone-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-5 lg:items-end"
    >
      {select(
        'status',
        'Status',
        ticketStatuses.map((s) => [s, statusLabels[s]]),
      )}
      {select(
        'department',
        'Department',
        ticketDepartments.map((d) => [d, departmentLabels[d]]),
      )}
      {select('assigned', 'Assigned', [
        ['me', 'To me'],
        ['unassigned', 'Nobody'],
      ])}
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-q`} className="text-xs font-medium text-stone-700">
          Search
        </label>
        <Input
          id={`${id}-q`}
          type="search"
          value={draft.q ?? ''}
          onChange={(event) => setDraft({ ...draft, q: event.target.value })}
          placeholder="Subject, #id, phone, email"
          maxLength={100}
        />
      </div>
      <Button type="submit">Apply</Button>
    </form>
  )
}
