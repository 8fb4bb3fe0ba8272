import { useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { notify } from '~/lib/notify'
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
    return <EmptyState title="Nothing here">No seller products match this filter.</EmptyState>
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
                  {item.brandPending ? ' (brand pending review)' : ''}
                </>
              ) : null}
              {item.seller ? <> · by {item.seller.name}</> : null}
            </p>
            <p className="text-xs text-stone-600">
              {item.submittedAt ? <>Submitted {formatTehranShort(item.submittedAt)} Tehran</> : null}
              {item.listed ? ' · Listed' : ' · Not listed'}
            </p>
            {item.state === 'hidden' && item.reason ? (
              <p className="rounded-lg bg-red-50 px-3 py-2 text-xs text-red-900">
                <span className="font-semibold">Hidden:</span> {item.reason}
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
    notify('success', decision === 'approve' ? `“${item.name}” approved` : `“${item.name}” is listed again`)
  }
  return (
    <div className="flex flex-wrap gap-2 sm:justify-end">
      <Button asChild size="sm" variant="secondary">
        <Link
          to="/admin/products/$productId"
          params={{ productId: String(item.id) }}
          aria-label={`Edit ${item.name}`}
        >
          Edit
        </Link>
      </Button>
      {item.state === 'pending' ? (
        <Button size="sm" aria-label={`Approve ${item.name}`} onClick={() => void decide('approve')}>
          Approve
        </Button>
      ) : null}
      {item.state === 'hidden' ? (
        <Button size="sm" aria-label={`Unhide ${item.name}`} onClick={() => void decide('unhide')}>
          Unhide
        </Button>
      ) : (
        <ReasonDialog
          trigger="Hide"
          triggerLabel={`Hide ${item.name}`}
          title={`Hide “${item.name}”?`}
          description="It leaves the listings, search and its page at once. The seller sees your reason on the product’s edit page."
          hint="e.g. “The photos show another brand’s product”"
          confirm="Hide product"
          onConfirm={async (reason) => {
            await reviewProductFn({ data: { productId: item.id, decision: 'hide', reason } })
            await refresh()
            notify('success', `“${item.name}” is hidden`)
          }}
        />
      )}
    </div>
  )
}
