import { useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { Suspense, useState } from 'react'
import { toApiError } from '~/lib/api-error'
import { m } from '~/lib/messages'
import { formatMoney, formatNumber } from '~/lib/money'
import { notify } from '~/lib/notify'
import { formatTehranCalendarDay, formatTehranDateTime } from '~/lib/tehran-time'
import { Button } from '~/ui/button'
import { TBody, THead, Table, Td, Th, Tr } from '~/ui/table'
import { acceptQuoteFn } from '../quotes.functions'
import { quoteQueries } from '../quotes.queries'
import type { QuoteRequestView, QuoteView } from '../quotes.schemas'
import { quoteStatusLabel, requestStatusLabel } from './quote-labels'
import { QuoteThread } from './quote-thread'

const lineName = (line: QuoteRequestView['lines'][number]) => line.product?.name ?? line.description

/**
 * A request with all its quotes side by side (issue #40): per line each seller's unit price (the
 * cheapest marked), the totals with delivery, lead time and validity; accept per seller.
 */
export function QuoteComparison({ request }: { request: QuoteRequestView }) {
  const queryClient = useQueryClient()
  const [busy, setBusy] = useState<number | null>(null)
  const [thread, setThread] = useState<number | null>(null)
  const accept = async (quote: QuoteView) => {
    setBusy(quote.id)
    try {
      await acceptQuoteFn({ data: { quote_id: quote.id } })
      notify('success', m.quotes_accepted_notice({ seller: quote.seller.name }))
      await queryClient.invalidateQueries({ queryKey: quoteQueries.all })
    } catch (error) {
      notify('error', toApiError(error).message)
    } finally {
      setBusy(null)
    }
  }
  const quotes = request.quotes
  return (
    <div className="flex flex-col gap-6">
      <dl className="grid grid-cols-1 gap-2 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-stone-600">{m.quotes_field_status()}</dt>
          <dd>{requestStatusLabel(request.status)}</dd>
        </div>
        <div>
          <dt className="text-stone-600">{m.quotes_field_needed_by()}</dt>
          <dd>{formatTehranCalendarDay(request.needed_by)}</dd>
        </div>
        <div>
          <dt className="text-stone-600">{m.quotes_field_delivery()}</dt>
          <dd>{request.delivery_mode === 'pickup' ? m.quotes_pickup() : request.delivery_city}</dd>
        </div>
        <div>
          <dt className="text-stone-600">{m.quotes_field_recipients()}</dt>
          <dd>{request.recipients.map((r) => r.name).join('، ')}</dd>
        </div>
      </dl>
      {quotes.length === 0 ? (
        <p className="text-sm text-stone-600">{m.quotes_no_quotes_yet()}</p>
      ) : (
        <Table caption={m.quotes_compare_caption()}>
          <THead>
            <Tr>
              <Th>{m.quotes_field_line()}</Th>
              {quotes.map((q) => (
                <Th key={q.id}>{q.seller.name}</Th>
              ))}
            </Tr>
          </THead>
          <TBody>
            {request.lines.map((line) => (
              <Tr key={line.id}>
                <Th scope="row">
                  {lineName(line)} · {formatNumber(line.quantity)} {line.unit}
                </Th>
                {quotes.map((q) => {
                  const price = q.revisions[0]?.lines.find((l) => l.request_line_id === line.id)
                  const cheapest = request.cheapest[line.id]?.includes(q.id)
                  return (
                    <Td key={q.id}>
                      {price ? formatMoney(price.unit_price) : '—'}
                      {cheapest ? (
                        <span className="ms-2 rounded-full bg-emerald-100 px-2 py-0.5 text-xs text-emerald-800">
                          {m.quotes_cheapest()}
                        </span>
                      ) : null}
                      {price?.sku ? <span className="block text-xs text-stone-600">{price.sku}</span> : null}
                    </Td>
                  )
                })}
              </Tr>
            ))}
            <Tr>
              <Th scope="row">{m.quotes_field_lead_time()}</Th>
              {quotes.map((q) => (
                <Td key={q.id}>
                  {m.quotes_days({
                    days: formatNumber(
                      Math.max(0, ...(q.revisions[0]?.lines.map((l) => l.lead_time_days) ?? [0])),
                    ),
                  })}
                </Td>
              ))}
            </Tr>
            <Tr>
              <Th scope="row">{m.quotes_field_delivery_fee()}</Th>
              {quotes.map((q) => (
                <Td key={q.id}>{formatMoney(q.revisions[0]?.delivery_fee ?? 0)}</Td>
              ))}
            </Tr>
            <Tr>
              <Th scope="row">{m.quotes_field_total()}</Th>
              {quotes.map((q) => (
                <Td key={q.id} className="font-semibold">
                  {formatMoney(q.revisions[0]?.total ?? 0)}
                </Td>
              ))}
            </Tr>
            <Tr>
              <Th scope="row">{m.quotes_field_valid_until()}</Th>
              {quotes.map((q) => (
                <Td key={q.id}>{formatTehranDateTime(q.valid_until)}</Td>
              ))}
            </Tr>
            <Tr>
              <Th scope="row">{m.quotes_field_status()}</Th>
              {quotes.map((q) => (
                <Td key={q.id}>
                  {quoteStatusLabel(q.status)}
                  {q.revisions.length > 1 ? (
                    <span className="block text-xs text-stone-600">
                      {m.quotes_revision({ n: formatNumber(q.revisions[0]!.revision) })}
                    </span>
                  ) : null}
                </Td>
              ))}
            </Tr>
            <Tr>
              <Th scope="row">
                <span className="sr-only">{m.quotes_actions()}</span>
              </Th>
              {quotes.map((q) => (
                <Td key={q.id}>
                  <div className="flex flex-col gap-2">
                    {request.status === 'open' && q.status === 'submitted' ? (
                      <Button type="button" disabled={busy !== null} onClick={() => accept(q)}>
                        {m.quotes_accept()}
                      </Button>
                    ) : null}
                    {q.status === 'accepted' ? (
                      <Link to="/cart" className="text-sm underline">
                        {m.quotes_go_to_basket()}
                      </Link>
                    ) : null}
                    <Button type="button" variant="secondary" onClick={() => setThread(q.id)}>
                      {q.unread > 0
                        ? m.quotes_messages_unread({ count: formatNumber(q.unread) })
                        : m.quotes_messages()}
                    </Button>
                  </div>
                </Td>
              ))}
            </Tr>
          </TBody>
        </Table>
      )}
      {thread !== null ? (
        <Suspense fallback={<p className="text-sm">{m.quotes_loading()}</p>}>
          <QuoteThread quoteId={thread} side="buyer" />
        </Suspense>
      ) : null}
    </div>
  )
}
