import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import * as v from 'valibot'
import { sellerStatuses, type SellerStatus } from '~/lib/domain-enums'
import { textSchema } from '~/lib/schema-pieces'
import { m } from '~/lib/messages'
import { EmptyState } from '~/ui/empty-state'
import { useAppForm } from '~/ui/form/app-form'
import { Table, TBody, Td, Th, THead, Tr } from '~/ui/table'
import type { SellerApplication, SellerApplicationPage } from '../sellers.schemas'
import { DecisionDialog } from './decision-dialog'
import { SellerStatusBadge, sellerStatusLabels } from './seller-status'
import { formatTehranDay } from '~/lib/tehran-time'

export interface ApplicationFilters {
  status?: SellerStatus
  q?: string
}

const filterSchema = v.object({
  status: v.union([v.literal(''), v.picklist(sellerStatuses, () => m.admin_applications_unknown_status())]),
  q: textSchema(100),
})

const statusChoices = () => [
  { value: '', label: m.admin_applications_all_statuses() },
  ...sellerStatuses.map((status) => ({ value: status, label: sellerStatusLabels[status]() })),
]

/** Status and search, applied through the URL so a filtered list can be shared and reloaded. */
export function ApplicationFiltersForm({
  filters,
  onChange,
}: {
  filters: ApplicationFilters
  onChange: (filters: ApplicationFilters) => void
}) {
  const apply = (values: { status: string; q: string }) =>
    onChange({
      status: (values.status || undefined) as SellerStatus | undefined,
      q: values.q.trim() || undefined,
    })
  const { form, formProps } = useAppForm({
    schema: filterSchema,
    defaultValues: { status: filters.status ?? '', q: filters.q ?? '' },
    onSubmit: async (values) => apply(values),
  })
  return (
    <form
      {...formProps}
      role="search"
      aria-label={m.admin_applications_filter()}
      className="flex flex-col gap-3 rounded-2xl border border-stone-200 bg-white p-4 sm:flex-row sm:items-end"
    >
      {/* A status applies at once; the search waits for its button. */}
      <form.AppField
        name="status"
        listeners={{ onChange: ({ value }) => apply({ status: value, q: filters.q ?? '' }) }}
      >
        {(field) => (
          <field.SelectField
            label={m.admin_applications_status()}
            options={statusChoices()}
            className="sm:w-48"
          />
        )}
      </form.AppField>
      <form.AppField name="q">
        {(field) => (
          <field.TextField
            label={m.admin_applications_search()}
            type="search"
            placeholder={m.admin_applications_search_placeholder()}
            maxLength={100}
            className="flex-1"
          />
        )}
      </form.AppField>
      <form.AppForm>
        <form.SubmitButton variant="secondary">{m.admin_applications_search()}</form.SubmitButton>
      </form.AppForm>
    </form>
  )
}

function ownerName(application: SellerApplication): string {
  const name = [application.owner.first_name, application.owner.last_name].filter(Boolean).join(' ')
  return name || application.owner.cellphone
}

function Actions({ application }: { application: SellerApplication }) {
  const actions: ReactNode[] = []
  if (application.status === 'pending' || application.status === 'rejected')
    actions.push(<DecisionDialog key="approve" application={application} decision="approve" />)
  if (application.status === 'pending')
    actions.push(<DecisionDialog key="reject" application={application} decision="reject" />)
  return actions.length ? (
    <div className="flex gap-2">{actions}</div>
  ) : (
    <span className="text-stone-400">—</span>
  )
}

/** /admin/sellers: the applications, newest first, with what each still needs. */
export function SellerApplicationsTable({ page }: { page: SellerApplicationPage }) {
  if (!page.items.length) {
    return <EmptyState title={m.admin_applications_none()}>{m.admin_applications_none_hint()}</EmptyState>
  }
  return (
    <>
      {/* On a phone the table becomes a list, so the decisions are on screen without scrolling sideways. */}
      <ul className="flex flex-col divide-y divide-stone-200 rounded-2xl border border-stone-200 bg-white md:hidden">
        {page.items.map((application) => (
          <li key={application.id} data-application-card={application.id} className="flex flex-col gap-2 p-4">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <SellerLink application={application} />
              <SellerStatusBadge status={application.status} />
            </div>
            <p className="text-xs text-stone-600">
              {application.legal_name} ·{' '}
              <span dir="ltr">{m.admin_applications_id({ id: application.national_id })}</span>
            </p>
            <p className="text-xs text-stone-600">
              {ownerName(application)} · <span dir="ltr">{application.owner.cellphone}</span> ·{' '}
              {application.city}
            </p>
            <p className="text-xs text-stone-600">
              {m.admin_applications_applied_on({ day: formatTehranDay(application.created_at) })}
            </p>
            {application.status_reason ? (
              <p className="text-xs text-stone-600">{application.status_reason}</p>
            ) : null}
            <Actions application={application} />
          </li>
        ))}
      </ul>
      <div className="hidden md:block">
        <Table caption={m.admin_applications_title()}>
          <THead>
            <tr>
              <Th>{m.admin_applications_col_business()}</Th>
              <Th>{m.admin_applications_col_applicant()}</Th>
              <Th>{m.admin_applications_col_details()}</Th>
              <Th>{m.admin_applications_col_applied()}</Th>
              <Th>{m.admin_applications_status()}</Th>
              <Th>
                <span className="sr-only">{m.admin_applications_col_actions()}</span>
              </Th>
            </tr>
          </THead>
          <TBody>
            {page.items.map((application) => (
              <Tr key={application.id} data-application={application.id}>
                <Td text className="min-w-44">
                  <SellerLink application={application} />
                  <div className="text-xs text-stone-600">{application.legal_name}</div>
                  <div className="text-xs text-stone-600" dir="ltr">
                    {m.admin_applications_id({ id: application.national_id })}
                  </div>
                </Td>
                <Td text className="min-w-40">
                  <div className="text-ink">{ownerName(application)}</div>
                  <div className="text-xs text-stone-600" dir="ltr">
                    {application.owner.cellphone}
                  </div>
                </Td>
                <Td text className="min-w-44 text-xs text-stone-700">
                  <div>{application.city}</div>
                  <div>{application.goods_category ?? '—'}</div>
                  <div dir="ltr">{application.phone}</div>
                </Td>
                <Td className="whitespace-nowrap">{formatTehranDay(application.created_at)}</Td>
                <Td>
                  <SellerStatusBadge status={application.status} />
                  {application.status_reason ? (
                    <div className="mt-1 max-w-56 text-xs text-stone-600">{application.status_reason}</div>
                  ) : null}
                </Td>
                <Td>
                  <Actions application={application} />
                </Td>
              </Tr>
            ))}
          </TBody>
        </Table>
      </div>
    </>
  )
}

/** The business name, linking to the seller's page (profile, quality, suspension). */
function SellerLink({ application }: { application: SellerApplication }) {
  return (
    <Link
      to="/admin/sellers/$sellerId"
      params={{ sellerId: String(application.id) }}
      className="font-medium text-ink underline-offset-4 hover:underline"
    >
      {application.display_name}
    </Link>
  )
}
