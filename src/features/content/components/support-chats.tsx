import { publicConfig } from '#app-config'
import { m } from '~/lib/messages'
import { ticketDepartments, type TicketDepartment } from '~/lib/ticket-enums'

/** Looked up when rendered, in the page's locale. */
const chats: Record<TicketDepartment, { title: () => string; blurb: () => string }> = {
  sellers: { title: m.content_chat_sellers, blurb: m.content_chat_sellers_text },
  wholesale: { title: m.content_chat_wholesale, blurb: m.content_chat_wholesale_text },
  retail: { title: m.content_chat_retail, blurb: m.content_chat_retail_text },
}

/** The three support chats of the spec, one per support group. */
export function SupportChats() {
  return (
    <ul className="grid gap-3 sm:grid-cols-3">
      {ticketDepartments.map((department) => (
        <li key={department}>
          <a
            href={publicConfig.supportChat[department]}
            target="_blank"
            rel="noopener noreferrer"
            className="flex h-full flex-col gap-1 rounded-2xl border border-stone-200 bg-white p-4 hover:border-brand-400 hover:bg-brand-50"
          >
            <span className="font-semibold text-ink">{chats[department].title()}</span>
            <span className="text-sm text-stone-600">{chats[department].blurb()}</span>
          </a>
        </li>
      ))}
    </ul>
  )
}
