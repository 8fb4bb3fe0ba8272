import { Link } from '@tanstack/react-router'
import type { LandingPageStatus } from '~/lib/domain-enums'
import { cn } from '~/lib/cn'
import { m } from '~/lib/messages'
import { EmptyState } from '~/ui/empty-state'
import type { AdminLandingSummary } from '../landing-admin.schemas'
import { formatTehranDateTime } from '~/lib/tehran-time'

export function LandingStatusBadge({ status }: { status: LandingPageStatus }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium ring-1',
        status === 'published'
          ? 'bg-green-50 text-green-800 ring-green-200'
          : 'bg-stone-100 text-stone-700 ring-stone-300',
      )}
    >
      {status === 'published' ? m.magazines_landing_status_published() : m.magazines_landing_status_draft()}
    </span>
  )
}

/** /admin/landing: every landing page, most recently changed first. */
export function LandingAdminList({ pages }: { pages: AdminLandingSummary[] }) {
  if (pages.length === 0)
    return (
      <EmptyState title={m.magazines_landing_list_empty_title()}>
        {m.magazines_landing_list_empty_body()}
      </EmptyState>
    )
  return (
    <ul
      aria-label={m.magazines_landing_list_label()}
      className="divide-y divide-stone-200 rounded-2xl border border-stone-200 bg-white"
    >
      {pages.map((page) => (
        <li
          key={page.id}
          className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center sm:justify-between sm:gap-4"
        >
          <div className="flex min-w-0 flex-col gap-0.5">
            <Link
              to="/admin/landing/$id"
              params={{ id: String(page.id) }}
              className="font-medium break-words text-ink underline-offset-4 hover:text-brand-800 hover:underline"
            >
              {page.title}
            </Link>
            {page.status === 'published' ? (
              <a
                href={`/landing/${page.slug}`}
                className="self-start font-mono text-xs break-all text-brand-800 underline-offset-4 hover:underline"
                aria-label={m.magazines_landing_open({ slug: page.slug })}
                dir="ltr"
              >
                {`/landing/${page.slug}`}
              </a>
            ) : (
              <span className="font-mono text-xs break-all text-stone-600" dir="ltr">
                {`/landing/${page.slug}`}
              </span>
            )}
          </div>
          <div className="flex shrink-0 flex-wrap items-center gap-3 text-sm text-stone-700">
            <LandingStatusBadge status={page.status} />
            <span>
              {m.magazines_landing_updated()}{' '}
              <time dateTime={page.updated_at}>{formatTehranDateTime(page.updated_at)}</time>
            </span>
          </div>
        </li>
      ))}
    </ul>
  )
}
