import { systemNoteText } from '../order-event-notes'
import { orderStatusLabel } from '../order-machine'
import { m } from '~/lib/messages'
import type { OrderEventView } from '../orders.schemas'
import { formatTehranDateTime } from '~/lib/tehran-time'

const headline = (event: OrderEventView) =>
  event.from_status === null ? m.seller_order_timeline_placed() : orderStatusLabel(event.to_status)

/** Every transition, oldest first, as an ordered list: what happened, who did it, when, and why. */
export function OrderTimeline({ events }: { events: OrderEventView[] }) {
  return (
    <section
      aria-labelledby="timeline-title"
      className="rounded-2xl border border-stone-200 bg-white p-4 sm:p-5"
    >
      <h2 id="timeline-title" className="mb-3 text-base font-semibold text-ink">
        {m.seller_order_timeline_title()}
      </h2>
      {events.length ? (
        <ol
          className="relative flex flex-col gap-4 border-s-2 border-stone-200 ps-5"
          aria-label={m.seller_order_timeline_label()}
        >
          {events.map((event, index) => (
            <li
              key={event.id}
              className="relative"
              aria-current={index === events.length - 1 ? 'step' : undefined}
            >
              <span
                aria-hidden
                className={
                  'absolute top-1.5 -start-[27px] size-3 rounded-full ring-4 ring-white ' +
                  (index === events.length - 1 ? 'bg-brand-500' : 'bg-stone-400')
                }
              />
              <p className="font-medium text-ink">{headline(event)}</p>
              <p className="text-xs text-stone-600">
                <time dateTime={event.created_at}>{formatTehranDateTime(event.created_at)}</time>
                {m.seller_order_timeline_by()}
                <bdi>{event.actor_name}</bdi>
              </p>
              {event.system_note ? (
                <p className="mt-1 rounded-lg bg-stone-50 px-3 py-2 text-sm text-stone-800">
                  {systemNoteText(event.system_note)}
                </p>
              ) : null}
              {event.note ? (
                <p className="mt-1 rounded-lg bg-stone-50 px-3 py-2 text-sm whitespace-pre-line text-stone-800">
                  {event.note}
                </p>
              ) : null}
            </li>
          ))}
        </ol>
      ) : (
        <p className="text-sm text-stone-600">{m.seller_order_timeline_empty()}</p>
      )}
    </section>
  )
}
