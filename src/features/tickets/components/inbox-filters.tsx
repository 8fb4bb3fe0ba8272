import * as v from 'valibot'
import { textSchema } from '~/lib/schema-pieces'
import { useAppForm } from '~/ui/form/app-form'
import {
  ticketDepartments,
  ticketStatuses,
  type TicketDepartment,
  type TicketStatus,
} from '~/lib/ticket-enums'
import { m } from '~/lib/messages'
import { departmentLabel, ticketStatusLabel } from './ticket-badges'

export interface InboxFilters {
  status?: TicketStatus
  department?: TicketDepartment
  assigned?: 'me' | 'unassigned'
  q?: string
}

const anyOf = <T extends string>(values: readonly T[]) => v.union([v.literal(''), v.picklist(values)])

const inboxFilterSchema = v.object({
  status: anyOf(ticketStatuses),
  department: anyOf(ticketDepartments),
  assigned: anyOf(['me', 'unassigned'] as const),
  q: textSchema(100),
})

const withAll = (options: Array<[string, string]>) => [
  { value: '', label: m.account_filter_all() },
  ...options.map(([value, label]) => ({ value, label })),
]

/** /admin/tickets filters; applied on submit so typing a search does not reload on every key. */
export function InboxFiltersForm({
  filters,
  onChange,
}: {
  filters: InboxFilters
  onChange: (f: InboxFilters) => void
}) {
  const { form, formProps } = useAppForm({
    schema: inboxFilterSchema,
    defaultValues: {
      status: filters.status ?? '',
      department: filters.department ?? '',
      assigned: filters.assigned ?? '',
      q: filters.q ?? '',
    },
    onSubmit: async (draft) =>
      onChange({
        status: draft.status || undefined,
        department: draft.department || undefined,
        assigned: draft.assigned || undefined,
        q: draft.q || undefined,
      }),
  })
  const small = '[&_label]:text-xs [&_label]:text-stone-700'
  return (
    <form
      {...formProps}
      role="search"
      className="grid gap-3 rounded-2xl border border-stone-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-5 lg:items-end"
    >
      <form.AppField name="status">
        {(field) => (
          <field.SelectField
            label={m.account_inbox_status()}
            className={small}
            options={withAll(ticketStatuses.map((s) => [s, ticketStatusLabel(s)]))}
          />
        )}
      </form.AppField>
      <form.AppField name="department">
        {(field) => (
          <field.SelectField
            label={m.account_department()}
            className={small}
            options={withAll(ticketDepartments.map((d) => [d, departmentLabel(d)]))}
          />
        )}
      </form.AppField>
      <form.AppField name="assigned">
        {(field) => (
          <field.SelectField
            label={m.account_inbox_assigned()}
            className={small}
            options={withAll([
              ['me', m.account_inbox_to_me()],
              ['unassigned', m.account_inbox_nobody()],
            ])}
          />
        )}
      </form.AppField>
      <form.AppField name="q">
        {(field) => (
          <field.TextField
            label={m.account_inbox_search()}
            type="search"
            className={small}
            placeholder={m.account_inbox_search_placeholder()}
            maxLength={100}
          />
        )}
      </form.AppField>
      <form.AppForm>
        <form.SubmitButton>{m.account_inbox_apply()}</form.SubmitButton>
      </form.AppForm>
    </form>
  )
}
