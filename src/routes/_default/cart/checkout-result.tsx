import { createFileRoute, redirect } from '@tanstack/react-router'
import * as v from 'valibot'
import { orderStatusLabels } from '~/features/orders'
import { CheckoutResultPage } from '~/features/payments/components/checkout-result-page'
import { ensureCurrentUser } from '~/features/auth'
import { pageHead } from '~/features/shell'
import { m } from '~/lib/messages'

/**
 * Where the payment callback lands: ?status=success|failure&order=OM-…&reason=…. Only `order` is
 * used, to choose what to load; the page shows the order's real state from the server.
 */
const checkoutResultSearch = v.object({
  order: v.fallback(
    v.optional(v.pipe(v.string(), v.trim(), v.toUpperCase(), v.regex(/^OM-[A-Z0-9]{4,16}$/))),
    undefined,
  ),
  status: v.fallback(v.optional(v.picklist(['success', 'failure'])), undefined),
  reason: v.fallback(v.optional(v.pipe(v.string(), v.regex(/^[a-z_]{1,40}$/))), undefined),
})

/**
 * Rendered only in the browser (spec §2); a guest signs in first and comes back here. The guard
 * runs on the server ('data-only'), so a guest gets a plain redirect instead of a redirect thrown
 * while the page hydrates (React error #520 in the console, twice).
 */
export const Route = createFileRoute('/_default/cart/checkout-result')({
  validateSearch: checkoutResultSearch,
  ssr: 'data-only',
  beforeLoad: async ({ context, location }) => {
    const user = await ensureCurrentUser(context.queryClient)
    if (!user) throw redirect({ to: '/auth', search: { redirect: location.href } })
  },
  // The title comes with the loader's chunk, not the route tree every page loads (issue #21).
  loader: () => ({ title: m.buyer_checkout_result_title() }),
  head: ({ loaderData }) => ({
    meta: [...pageHead(loaderData?.title).meta, { name: 'robots', content: 'noindex' }],
  }),
  component: CheckoutResultRoute,
})

function CheckoutResultRoute() {
  const { order } = Route.useSearch()
  return (
    <CheckoutResultPage
      key={order ?? ''}
      orderNumber={order}
      statusLabel={(status) => orderStatusLabels[status]}
    />
  )
}
