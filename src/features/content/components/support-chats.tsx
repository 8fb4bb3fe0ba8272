import { publicConfig } from '#app-config'
import { departmentLabels, ticketDepartments } from '~/lib/ticket-enums'

const blurbs = {
  sellers: 'Applications, stores, prices, payouts and subscriptions.',
  wholesale: 'Business purchases, bulk orders, invoices and deliveries.',
  retail: 'Small orders, delivery questions and returns.',
} as const

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
            <span className="font-semibold text-ink">Chat: {departmentLabels[department]}</span>
            <span className="text-sm text-stone-600">{blurbs[department]}</span>
          </a>
        </li>
      ))}
    </ul>
  )
}
