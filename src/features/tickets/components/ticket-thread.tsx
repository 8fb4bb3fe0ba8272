import { cn } from '~/lib/cn'
import type { TicketThread } from '../tickets.schemas'
import { StatusBadge, departmentLabel, formatSize, ticketNumber } from './ticket-badges'
import { formatTehranDateTime } from '~/lib/tehran-time'
import { m } from '~/lib/messages'
import { UserText } from '~/ui/user-text'
import { stripBidiControls } from '~/lib/bidi-controls'

function PaperclipIcon() {
  return (
    <svg
      width={14}
      height={14}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      aria-hidden="true"
    >
      <path d="m21 11-8.5 8.5a5 5 0 0 1-7-7L14 4a3.5 3.5 0 0 1 5 5l-8.5 8.5a2 2 0 0 1-3-3L15 7" />
    </svg>
  )
}

/** A ticket's header: subject, status and the facts staff and buyer both need. */
export function TicketHeader({ ticket, staff }: { ticket: TicketThread; staff: boolean }) {
  return (
    <header className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-3">
        <h1 id="page-title" className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">
          <UserText>{ticket.subject}</UserText>
        </h1>
        <StatusBadge status={ticket.status} />
      </div>
      <dl className="flex flex-wrap gap-x-5 gap-y-1 text-sm text-stone-600">
        <div className="flex gap-1">
          <dt>{m.account_ticket_word()}</dt>
          <dd dir="ltr" className="font-medium text-ink">
            #{ticketNumber(ticket.id)}
          </dd>
        </div>
        <div className="flex gap-1">
          <dt>{m.account_department()}</dt>
          <dd className="font-medium text-ink">{departmentLabel(ticket.department)}</dd>
        </div>
        {ticket.order_reference ? (
          <div className="flex gap-1">
            <dt>{m.account_order()}</dt>
            <dd dir="ltr" className="font-medium text-ink">
              {ticket.order_reference}
            </dd>
          </div>
        ) : null}
        {staff ? (
          <>
            <div className="flex gap-1">
              <dt>{m.account_from()}</dt>
              <dd className="font-medium text-ink">
                {ticket.requester}
                {ticket.contact.phone ? (
                  <>
                    {' · '}
                    <span dir="ltr">{ticket.contact.phone}</span>
                  </>
                ) : null}
                {ticket.contact.email ? (
                  <>
                    {' · '}
                    <span dir="ltr">{ticket.contact.email}</span>
                  </>
                ) : null}
              </dd>
            </div>
            <div className="flex gap-1">
              <dt>{m.account_handled_by()}</dt>
              <dd className="font-medium text-ink">
                {ticket.assigned_admin?.name ?? m.account_nobody_yet()}
              </dd>
            </div>
          </>
        ) : null}
      </dl>
    </header>
  )
}

/** The conversation, oldest first; staff messages stand out from the buyer's. */
export function TicketMessages({ ticket }: { ticket: TicketThread }) {
  return (
    <ol aria-label={m.account_messages()} className="flex flex-col gap-3">
      {ticket.messages.map((message) => (
        <li
          key={message.id}
          className={cn(
            'flex flex-col gap-2 rounded-2xl border p-4',
            message.author === 'staff'
              ? 'border-brand-200 bg-brand-50 sm:ms-10'
              : 'border-stone-200 bg-white sm:me-10',
          )}
        >
          <div className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
            <UserText className="font-semibold text-ink">{message.author_name}</UserText>
            <time dateTime={message.created_at} className="text-xs text-stone-600">
              {formatTehranDateTime(message.created_at)}
            </time>
          </div>
          {/* Plain text, escaped by React: a message is never HTML. */}
          <p dir="auto" className="text-sm whitespace-pre-line text-stone-800 [overflow-wrap:anywhere]">
            {stripBidiControls(message.body)}
          </p>
          {message.attachments.length ? (
            <ul aria-label={m.account_attachments()} className="flex flex-wrap gap-2">
              {message.attachments.map((file) => (
                <li key={file.id}>
                  <a
                    href={file.url}
                    target="_blank"
                    rel="noopener"
                    className="inline-flex items-center gap-1 rounded-lg border border-stone-300 bg-white px-2.5 py-1 text-xs font-medium text-ink hover:bg-stone-50"
                  >
                    <PaperclipIcon /> <bdi>{file.file_name}</bdi>{' '}
                    <span className="text-stone-500">({formatSize(file.size)})</span>
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </li>
      ))}
    </ol>
  )
}
