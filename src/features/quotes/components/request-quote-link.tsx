import { Link } from '@tanstack/react-router'
import { m } from '~/lib/messages'

/** "Request a quote" under a product page (issue #40): opens the request form with the product. */
export function RequestQuoteLink({ product }: { product: { slug: string; name: string } }) {
  return (
    <p className="mx-auto w-full max-w-7xl px-4 py-3 text-sm">
      <Link
        to="/buyer/quotes/new"
        search={{ product: product.slug, name: product.name }}
        className="underline"
      >
        {m.quotes_request_a_quote()}
      </Link>
    </p>
  )
}
