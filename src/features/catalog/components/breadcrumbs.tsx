import { Link } from '@tanstack/react-router'
import { ChevronRightIcon } from '~/ui/more-icons'
import { m } from '~/lib/messages'

/** Home › category › sub-category › (the current page, not a link). */
export function Breadcrumbs({
  trail,
  current,
}: {
  trail: { slug: string; name: string }[]
  current?: string
}) {
  return (
    <nav aria-label={m.catalog_breadcrumb()} className="text-sm text-stone-600">
      <ol className="flex flex-wrap items-center gap-1">
        <li>
          <Link to="/" className="hover:text-ink hover:underline">
            {m.catalog_nav_home()}
          </Link>
        </li>
        {trail.map((c) => (
          <li key={c.slug} className="flex items-center gap-1">
            <ChevronRightIcon size={14} aria-hidden="true" />
            <Link to="/category/$slug" params={{ slug: c.slug }} className="hover:text-ink hover:underline">
              {c.name}
            </Link>
          </li>
        ))}
        {current ? (
          <li className="flex items-center gap-1">
            <ChevronRightIcon size={14} aria-hidden="true" />
            <span aria-current="page" className="text-ink">
              {current}
            </span>
          </li>
        ) : null}
      </ol>
    </nav>
  )
}
