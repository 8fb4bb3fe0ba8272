import { createFileRoute, redirect } from '@tanstack/react-router'

/** Seller applications are the only admin page so far. */
export const Route = createFileRoute('/admin/')({
  beforeLoad: () => {
    throw redirect({ to: '/admin/sellers', replace: true })
  },
})
