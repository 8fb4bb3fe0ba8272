import { EmptyState } from '~/ui/empty-state'
import { SearchForm } from '~/ui/form/search-form'
import { formatPhone } from '../auth-format'

export interface OutboxMessage {
  id: number
  channel: 'sms' | 'whatsapp'
  to: string
  body: string
  status: 'queued' | 'sent' | 'failed'
  createdAt: string
}

const time = (iso: string) =>
  new Date(iso).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', second: '2-digit' })

/**
 * /dev/outbox: what the dev SMS adapter would have sent, newest first. It shows one-time codes to
 * whoever opens it, which is its purpose in development and demos (the server refuses it elsewhere).
 */
export function DevOutbox({
  messages,
  to,
  onFilter,
}: {
  messages: OutboxMessage[]
  to?: string
  onFilter: (to: string | undefined) => void
}) {
  return (
    <section aria-labelledby="page-title" className="flex flex-col gap-5">
      <div className="flex flex-col gap-1">
        <h1 id="page-title" className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">
          Message outbox
        </h1>
        <p className="text-sm text-stone-600">
          Development and demo only: the text messages and WhatsApp messages the app sent, instead of a real
          gateway. It refreshes by itself.
        </p>
      </div>
      <SearchForm
        ariaLabel="Filter messages"
        label="Recipient"
        initial={to ?? ''}
        type="tel"
        dir="ltr"
        placeholder="+989121234567"
        maxLength={20}
        buttonLabel="Filter"
        onSearch={onFilter}
      />
      {messages.length ? (
        <ol aria-label="Messages" className="flex flex-col gap-3">
          {messages.map((message) => (
            <li
              key={message.id}
              data-outbox-message={message.id}
              className="flex flex-col gap-1.5 rounded-2xl border border-stone-200 bg-white p-4"
            >
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-stone-600">
                <span dir="ltr" className="font-semibold text-ink">
                  {formatPhone(message.to)}
                </span>
                <span>{message.channel === 'whatsapp' ? 'WhatsApp' : 'SMS'}</span>
                <span>{message.status}</span>
                <time dateTime={message.createdAt}>{time(message.createdAt)}</time>
              </div>
              <p className="text-sm break-words text-ink">{message.body}</p>
            </li>
          ))}
        </ol>
      ) : (
        <EmptyState title="No messages yet">Request a sign-in code and it appears here.</EmptyState>
      )}
    </section>
  )
}
