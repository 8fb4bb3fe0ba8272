import { Link } from '@tanstack/react-router'
import { m } from '~/lib/messages'
import { formatNumber } from '~/lib/money'
import { formatTehranCalendarDay, formatTehranDay } from '~/lib/tehran-time'
import { TBody, THead, Table, Td, Th, Tr } from '~/ui/table'
import type { QuoteRequestSummary, SellerQuoteInboxRow } from '../quotes.schemas'
import { requestStatusLabel } from './quote-labels'

/** /buyer/quotes: the buyer's requests, newest first. */
export function BuyerQuoteRequestList({ requests }: { requests: QuoteRequestSummary[] }) {
  if (requests.length === 0) return <p className="text-sm text-stone-600">{m.quotes_none_yet()}</p>
  return (
    <Table caption={m.quotes_your_requests()}>
      <THead>
        <Tr>
          <Th>{m.quotes_field_request()}</Th>
          <Th>{m.quotes_field_status()}</Th>
          <Th>{m.quotes_field_needed_by()}</Th>
          <Th>{m.quotes_field_quotes()}</Th>
        </Tr>
      </THead>
      <TBody>
        {requests.map((r) => (
          <Tr key={r.id}>
            <Td text>
              <Link to="/buyer/quotes/$id" params={{ id: String(r.id) }} className="underline">
                #{r.id} · {r.first_line}
                {r.lines > 1 ? ` (+${formatNumber(r.lines - 1)})` : ''}
              </Link>
              <span className="block text-xs text-stone-600">{formatTehranDay(r.created_at)}</span>
            </Td>
            <Td>{requestStatusLabel(r.status)}</Td>
            <Td>{formatTehranCalendarDay(r.needed_by)}</Td>
            <Td>
              {formatNumber(r.quotes)} / {formatNumber(r.recipients)}
              {r.unread > 0 ? (
                <span className="ms-2 rounded-full bg-brand-100 px-2 py-0.5 text-xs">
                  {m.quotes_messages_unread({ count: formatNumber(r.unread) })}
                </span>
              ) : null}
            </Td>
          </Tr>
        ))}
      </TBody>
    </Table>
  )
}

/** /seller/quotes: one tab of the seller's inbox; a card list that fits 390 px. */
export function SellerQuoteInboxList({ rows }: { rows: SellerQuoteInboxRow[] }) {
  if (rows.length === 0) return <p className="text-sm text-stone-600">{m.quotes_inbox_empty()}</p>
  return (
    <ul className="flex flex-col gap-2">
      {rows.map((r) => (
        <li key={r.request_id} className="rounded-xl border border-stone-200 bg-white p-3 text-sm">
          <Link
            to="/seller/quotes/$id"
            params={{ id: String(r.request_id) }}
            className="font-medium underline"
          >
            #{r.request_id} · {r.first_line}
            {r.lines > 1 ? ` (+${formatNumber(r.lines - 1)})` : ''}
          </Link>
          <p className="text-stone-600">
            {m.quotes_field_needed_by()}: {formatTehranCalendarDay(r.needed_by)}
            {r.unread > 0 ? ` · ${m.quotes_messages_unread({ count: formatNumber(r.unread) })}` : ''}
          </p>
        </li>
      ))}
    </ul>
  )
}
