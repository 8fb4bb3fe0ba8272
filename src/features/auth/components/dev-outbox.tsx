import { EmptyState } from '~/ui/empty-state'
import { SearchForm } from '~/ui/form/search-form'
import { formatPhone } from '../auth-format'
import { m } from '~/lib/messages'
import { formatTehranShort } from '~/lib/tehran-time'

export interface OutboxMessage {
  id: number
  channel: 'sms' | 'whatsapp'
  to: string
  body: string
  status: 'queued' | 'sent' | 'failed'
  createdAt: string
}

const statusLabel = (status: OutboxMessage['status']) =>
  status === 'sent'
    ? m.account_outbox_status_sent()
    : status === 'failed'
      ? m.account_outbox_status_failed()
      : m.account_outbox_status_queued()

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
          {m.account_outbox_title()}
        </h1>
        <p className="text-sm text-stone-600">
          {m.account_outbox_intro()}
        </p>
      </div>
      <SearchForm
        ariaLabel={m.account_outbox_filter_label()}
        label={m.account_outbox_recipient()}
        initial={to ?? ''}
        type="tel"
        dir="ltr"
        placeholder="+989121234567"
        maxLength={20}
        buttonLabel={m.account_outbox_filter()}
        onSearch={onFilter}
      />
      {messages.length ? (
        <ol aria-label={m.account_outbox_messages()} className="flex flex-col gap-3">
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
                <span>
                  {message.channel === 'whatsapp' ? m.account_channel_whatsapp() : m.account_channel_sms()}
                </span>
                <span>{statusLabel(message.status)}</span>
                <time dateTime={message.createdAt}>{formatTehranShort(message.createdAt)}</time>
              </div>
              <p className="text-sm break-words text-ink">{message.body}</p>
            </li>
          ))}
        </ol>
      ) : (
        <EmptyState title={m.account_outbox_empty_title()}>{m.account_outbox_empty_text()}</EmptyState>
      )}
    </section>
  )
}
