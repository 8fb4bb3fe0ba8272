import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { authQueries, phoneSchema } from '~/features/auth'
import { DevOutbox } from '~/features/auth/components/dev-outbox'
import { m } from '~/lib/messages'

/**
 * /dev/outbox?to=+98...: one recipient's messages. Not found in production unless DEMO_MODE=1, nor
 * for other machines unless DEMO_PUBLIC=1.
 */
const searchSchema = v.object({ to: v.fallback(v.optional(phoneSchema), undefined) })

export const Route = createFileRoute('/_default/dev/outbox')({
  validateSearch: searchSchema,
  loaderDeps: ({ search }) => ({ to: search.to }),
  loader: async ({ context, deps }) => {
    await context.queryClient.ensureQueryData(authQueries.outbox(deps))
    return { title: m.account_outbox_title() }
  },
  head: ({ loaderData }) => ({
    meta: [...(loaderData ? [{ title: loaderData.title }] : []), { name: 'robots', content: 'noindex' }],
  }),
  component: DevOutboxPage,
})

function DevOutboxPage() {
  const { to } = Route.useSearch()
  const navigate = Route.useNavigate()
  const { data } = useSuspenseQuery(authQueries.outbox({ to }))
  return (
    <DevOutbox
      key={to}
      messages={data}
      to={to}
      onFilter={(next) => void navigate({ search: { to: next } })}
    />
  )
}
