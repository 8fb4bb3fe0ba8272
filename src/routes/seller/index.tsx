import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { APPROVED_SELLER_REQUIRED } from '~/features/session/panel-rules'
import { PlaceholderPage } from '~/features/shell/components/placeholder-page'
import { pageHead } from '~/features/shell/page-head'
import { notFoundOnInvalidSearch } from '~/lib/route-errors'

/**
 * Where the seller guard sends an unapproved seller: ?error=true&message=... (spec §6). The page
 * shows its own wording, never the URL's: a link must not be able to put words on our page.
 */
const searchSchema = v.object({
  error: v.optional(v.boolean()),
  message: v.optional(v.pipe(v.string(), v.maxLength(200))),
})

export const Route = createFileRoute('/seller/')({
  validateSearch: searchSchema,
  onError: notFoundOnInvalidSearch,
  head: () => pageHead('Seller Dashboard'),
  component: SellerDashboardPage,
})

function SellerDashboardPage() {
  const { error } = Route.useSearch()
  return (
    <PlaceholderPage title="Dashboard" owner="orders">
      {error ? (
        <p
          role="alert"
          className="rounded-xl border border-orange-300 bg-orange-50 px-4 py-3 text-sm font-medium text-orange-900"
        >
          {APPROVED_SELLER_REQUIRED}
        </p>
      ) : null}
    </PlaceholderPage>
  )
}
