import { Link } from '@tanstack/react-router'
import { auditReasonText } from '~/lib/audit-reasons'
import { formatTehranDateTime } from '~/lib/tehran-time'
import { m } from '~/lib/messages'
import { EmptyState } from '~/ui/empty-state'
import type { AuditRow } from '../admin.schemas'

const shownValue = (value: string | null) =>
  value === null ? (
    <span className="text-stone-500 italic">{m.admin_audit_none_value()}</span>
  ) : (
    <span className="wrap-anywhere">{value}</span>
  )

/** One change: who did what to which record, why, and each field before and after. */
function AuditEntry({ event }: { event: AuditRow }) {
  const changedAfter = m.admin_audit_changed_after()
  return (
    <li className="flex flex-col gap-2 px-4 py-4" data-testid="audit-event">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <p className="font-mono text-sm font-semibold text-ink" dir="ltr">
          {event.action}
        </p>
        <time dateTime={event.created_at} className="text-xs text-stone-600">
          {formatTehranDateTime(event.created_at)}
        </time>
      </div>
      <p className="text-sm text-stone-700">
        {event.actor ? (
          <Link
            to="/admin/users/$userId"
            params={{ userId: String(event.actor.id) }}
            className="font-medium text-brand-800 hover:underline"
          >
            {event.actor.name}
          </Link>
        ) : (
          <span className="font-medium">{m.admin_audit_system()}</span>
        )}{' '}
        {m.admin_audit_changed({ recordType: event.record_type })}{' '}
        <span className="font-mono" dir="ltr">
          {event.record_id}
        </span>
        {changedAfter ? ` ${changedAfter}` : null}
        {event.seller ? (
          <>
            {' '}
            {m.admin_audit_for()}{' '}
            <Link
              to="/admin/audit"
              search={{ seller: event.seller.id }}
              className="font-medium text-brand-800 hover:underline"
            >
              {event.seller.name}
            </Link>
          </>
        ) : null}
      </p>
      {event.reason ? (
        <p className="text-sm text-stone-700">
          <span className="font-medium">{m.admin_audit_reason()}</span>{' '}
          {auditReasonText(event.action, event.reason)}
        </p>
      ) : null}
      {event.changes.length > 0 ? (
        <table className="w-full table-fixed border-collapse text-start text-sm">
          <caption className="sr-only">{m.admin_audit_changed_fields({ action: event.action })}</caption>
          <thead className="text-xs text-stone-600">
            <tr>
              <th scope="col" className="w-1/3 py-1 pe-2 font-medium sm:w-1/4">
                {m.admin_audit_field()}
              </th>
              <th scope="col" className="py-1 pe-2 font-medium">
                {m.admin_audit_before()}
              </th>
              <th scope="col" className="py-1 font-medium">
                {m.admin_audit_after()}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-100 align-top">
            {event.changes.map((change) => (
              <tr key={change.field}>
                <th
                  scope="row"
                  className="py-1 pe-2 font-mono text-xs font-medium break-words text-stone-700"
                >
                  {change.field}
                </th>
                <td className="bg-red-50/50 px-1 py-1 text-stone-800">{shownValue(change.before)}</td>
                <td className="bg-emerald-50/60 px-1 py-1 text-stone-800">{shownValue(change.after)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="text-xs text-stone-600">{m.admin_audit_no_field()}</p>
      )}
    </li>
  )
}

export function AuditList({ events, filtered }: { events: AuditRow[]; filtered: boolean }) {
  if (events.length === 0)
    return (
      <EmptyState title={filtered ? m.admin_audit_none_match() : m.admin_audit_none_yet()}>
        {filtered ? m.admin_audit_none_match_hint() : m.admin_audit_none_yet_hint()}
      </EmptyState>
    )
  return (
    <ol className="divide-y divide-stone-200 overflow-hidden rounded-2xl border border-stone-200 bg-white">
      {events.map((event) => (
        <AuditEntry key={event.id} event={event} />
      ))}
    </ol>
  )
}
