import { useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { notify } from '~/lib/notify'
import { m } from '~/lib/messages'
import { Button } from '~/ui/button'
import { EmptyState } from '~/ui/empty-state'
import { ReasonDialog } from '~/ui/reason-dialog'
import { reviewProductFn } from '../catalog-admin.functions'
import { catalogAdminQueries } from '../catalog-admin.queries'
import type { ReviewQueueItem, ReviewQueuePage } from '../catalog-admin.schemas'
import { StateBadge } from './state-badge'
import { formatTehranShort } from '~/lib/tehran-time'

/** /admin/products: seller products, pending first and oldest first, each with its decisions. */
export function ReviewQueueList({ page }: { page: ReviewQueuePage }) {
  if (!page.items.length)
    return <EmptyState title={m.admin_review_none()}>{m.admin_review_none_hint()}</EmptyState>
  return (
    <ul className="flex flex-col divide-y divide-stone-200 rounded-2xl border border-stone-200 bg-white">
      {page.items.map((item) => (
        <li
          key={item.id}
          data-product={item.name}
          className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start"
        >
          {item.image ? (
            <img
              src={item.image}
              alt=""
              width={64}
              height={64}
              className="size-16 shrink-0 rounded-lg border border-stone-200 object-cover"
            />
          ) : (
            <div aria-hidden className="size-16 shrink-0 rounded-lg bg-stone-100" />
          )}
          <div className="flex min-w-0 flex-1 flex-col gap-1">
            <div className="flex flex-wrap items-center gap-2">
              {item.listed ? (
                <a
                  href={`/product/${item.slug}`}
                  className="font-medium break-words text-ink underline-offset-4 hover:underline"
                >
                  {item.name}
                </a>
              ) : (
                <span className="font-medium break-words text-ink">{item.name}</span>
              )}
              <StateBadge state={item.state} />
            </div>
            <p className="text-xs text-stone-600">
              {item.categoryName}
              {item.brandName ? (
                <>
                  {' '}
                  · {item.brandName}
                  {item.brandPending ? m.admin_review_brand_pending() : ''}
                </>
              ) : null}
              {item.seller ? <> · {m.admin_review_by({ name: item.seller.name })}</> : null}
            </p>
            <p className="text-xs text-stone-600">
              {item.submittedAt
                ? m.admin_review_submitted({ time: formatTehranShort(item.submittedAt) })
                : null}
              {item.listed ? m.admin_review_listed() : m.admin_review_not_listed()}
            </p>
            {item.state === 'hidden' && item.reason ? (
              <p className="rounded-lg bg-red-50 px-3 py-2 text-xs text-red-900">
                <span className="font-semibold">{m.admin_review_hidden()}</span> {item.reason}
              </p>
            ) : null}
          </div>
          <ReviewActions item={item} />
        </li>
      ))}
    </ul>
  )
}

function ReviewActions({ item }: { item: ReviewQueueItem }) {
  const queryClient = useQueryClient()
  const refresh = () => queryClient.invalidateQueries({ queryKey: [...catalogAdminQueries.all, 'review'] })
  const decide = async (decision: 'approve' | 'unhide') => {
    await reviewProductFn({ data: { productId: item.id, decision } })
    await refresh()
    notify(
      'success',
      decision === 'approve'
        ? m.admin_review_approved_toast({ name: item.name })
        : m.admin_review_listed_toast({ name: item.name }),
    )
  }
  return (
    <div className="flex flex-wrap gap-2 sm:justify-end">
      <Button asChild size="sm" variant="secondary">
        <Link
          to="/admin/products/$productId"
          params={{ productId: String(item.id) }}
          aria-label={m.admin_review_edit_aria({ name: item.name })}
        >
          {m.admin_review_edit()}
        </Link>
      </Button>
      {item.state === 'pending' ? (
        <Button
          size="sm"
          aria-label={m.admin_review_approve_aria({ name: item.name })}
          onClick={() => void decide('approve')}
        >
          {m.admin_review_approve()}
        </Button>
      ) : null}
      {item.state === 'hidden' ? (
        <Button
          size="sm"
          aria-label={m.admin_review_unhide_aria({ name: item.name })}
          onClick={() => void decide('unhide')}
        >
          {m.admin_review_unhide()}
        </Button>
      ) : (
        <ReasonDialog
          trigger={m.admin_review_hide()}
          triggerLabel={m.admin_review_hide_aria({ name: item.name })}
          title={m.admin_review_hide_title({ name: item.name })}
          description={m.admin_review_hide_description()}
          hint={m.admin_review_hide_hint()}
          confirm={m.admin_review_hide_submit()}
          onConfirm={async (reason) => {
            await reviewProductFn({ data: { productId: item.id, decision: 'hide', reason } })
            await refresh()
            notify('success', m.admin_review_hidden_toast({ name: item.name }))
          }}
        />
      )}
    </div>
  )
}
