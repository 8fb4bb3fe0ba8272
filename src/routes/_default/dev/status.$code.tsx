import { createFileRoute } from '@tanstack/react-router'
import { simulateFailure } from '~/features/shell'
import { invalidParam } from '~/lib/route-errors'

/**
 * /dev/status/{code}: a page whose data load fails with that status, so the browser tests can
 * see each error page (the 429 countdown above all) the way a real failure produces it.
 * Development and demo builds only: elsewhere the server function answers "not found".
 */
export const Route = createFileRoute('/_default/dev/status/$code')({
  params: {
    parse: ({ code }) => {
      const status = Number(code)
      return Number.isInteger(status) && status >= 400 && status <= 599 ? { code: status } : invalidParam()
    },
    stringify: ({ code }) => ({ code: String(code) }),
  },
  loader: ({ params }) => simulateFailure({ data: { status: params.code } }),
  head: () => ({ meta: [{ name: 'robots', content: 'noindex' }] }),
  component: () => null,
})
