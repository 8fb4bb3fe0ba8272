import type { ReactNode } from 'react'

/** Which issue builds a page that is only a placeholder for now. */
export const owners = {
  catalogue: 'the catalogue work (issue #5)',
  basket: 'the basket work (issue #6)',
  checkout: 'the checkout and payment work (issue #7)',
  orders: 'the orders, invoices and dashboards work (issue #8)',
  content: 'the tickets and content pages work (issue #9)',
  identity: 'the sign-in and profile work (issue #4)',
  later: 'a later issue',
} as const
export type Owner = keyof typeof owners

/** A page whose content a later issue owns: its title, and who builds it. */
export function PlaceholderPage({
  title,
  owner,
  children,
}: {
  title: string
  owner: Owner
  children?: ReactNode
}) {
  return (
    <section aria-labelledby="page-title" className="flex flex-col gap-4">
      <h1 id="page-title" className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">
        {title}
      </h1>
      {children}
      <div
        className="rounded-2xl border border-dashed border-stone-300 bg-white p-6 text-stone-600"
        data-placeholder={owner}
      >
        <p>This page arrives with {owners[owner]}.</p>
      </div>
    </section>
  )
}
