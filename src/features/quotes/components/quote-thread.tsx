import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { toApiError } from '~/lib/api-error'
import { m } from '~/lib/messages'
import { notify } from '~/lib/notify'
import { formatTehranDateTime } from '~/lib/tehran-time'
import { Button } from '~/ui/button'
import { postBuyerQuoteMessageFn, postSellerQuoteMessageFn } from '../quotes.functions'
import { quoteQueries } from '../quotes.queries'
import { QUOTE_MESSAGE_MAX } from '../quotes.schemas'

/** The thread of one quote, as the buyer or the seller sees it, with a box to write in. */
export function QuoteThread({ quoteId, side }: { quoteId: number; side: 'buyer' | 'seller' }) {
  const { data } = useSuspenseQuery(quoteQueries.thread(side, quoteId))
  const queryClient = useQueryClient()
  const [body, setBody] = useState('')
  const [busy, setBusy] = useState(false)
  const id = useId()
  const send = async () => {
    setBusy(true)
    try {
      const post = side === 'buyer' ? postBuyerQuoteMessageFn : postSellerQuoteMessageFn
      await post({ data: { quote_id: quoteId, body } })
      setBody('')
      await queryClient.invalidateQueries({ queryKey: quoteQueries.all })
    } catch (error) {
      notify('error', toApiError(error).message)
    } finally {
      setBusy(false)
    }
  }
  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-3">
      <h3 id={`${id}-title`} className="text-base font-semibold">
        {m.quotes_thread_title()}
      </h3>
      {data.messages.length === 0 ? (
        <p className="text-sm text-stone-600">{m.quotes_thread_empty()}</p>
      ) : (
        <ol className="flex flex-col gap-2">
          {data.messages.map((message) => (
            <li
              key={message.id}
              className={
                message.side === side
                  ? 'self-end rounded-xl bg-stone-100 p-3 text-sm'
                  : 'self-start rounded-xl border border-stone-200 bg-white p-3 text-sm'
              }
            >
              <p className="text-xs text-stone-600">
                {message.side === 'buyer' ? m.quotes_side_buyer() : m.quotes_side_seller()} ·{' '}
                {formatTehranDateTime(message.created_at)}
              </p>
              <p className="whitespace-pre-wrap break-words">{message.body}</p>
            </li>
          ))}
        </ol>
      )}
      <label htmlFor={`${id}-body`} className="text-sm font-medium">
        {m.quotes_thread_write()}
      </label>
      <textarea
        id={`${id}-body`}
        value={body}
        maxLength={QUOTE_MESSAGE_MAX}
        rows={3}
        onChange={(e) => setBody(e.target.value)}
        className="rounded-lg border border-stone-300 p-2 text-sm"
      />
      <Button type="button" className="self-start" disabled={busy || body.trim() === ''} onClick={send}>
        {m.quotes_thread_send()}
      </Button>
    </section>
  )
}
