import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { notify } from '~/lib/notify'
import { formatTehranDateTime } from '~/lib/tehran-time'
import { Button, buttonClasses } from '~/ui/button'
import { EmptyState } from '~/ui/empty-state'
import { deleteMagazineFn, duplicateMagazineFn, setMagazineStatusFn } from '../magazines.functions'
import { magazineQueries } from '../magazines.queries'
import { lineSheetPath, type MagazineState, type MagazineSummary } from '../magazines.schemas'
import { ConfirmDialog } from '~/ui/confirm-dialog'

const linkClass = 'font-medium text-brand-800 underline-offset-4 hover:underline'

const STATE_BADGES: Record<MagazineState, { label: string; className: string }> = {
  draft: { label: 'Draft', className: 'bg-stone-100 text-stone-800' },
  published: { label: 'Published', className: 'bg-emerald-50 text-emerald-800' },
  expired: { label: 'Expired', className: 'bg-amber-50 text-amber-900' },
}

export function MagazineStateBadge({ state }: { state: MagazineState }) {
  const badge = STATE_BADGES[state]
  return (
    <span
      className={`rounded-full px-2 py-0.5 text-xs font-medium ${badge.className}`}
      data-testid="magazine-state"
    >
      {badge.label}
    </span>
  )
}

function useMagazineActions() {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const refresh = () => queryClient.invalidateQueries({ queryKey: magazineQueries.all })
  const duplicate = useMutation({
    mutationFn: (magazineId: number) => duplicateMagazineFn({ data: { magazineId } }),
    onSuccess: async (copy) => {
      notify('success', 'Copied as a new draft')
      await refresh()
      await navigate({ to: '/seller/magazines/$magazineId/edit', params: { magazineId: String(copy.id) } })
    },
  })
  // Run by the confirmation dialog, which shows a failure itself.
  const remove = async (magazineId: number) => {
    await deleteMagazineFn({ data: { magazineId } })
    notify('success', 'Draft deleted')
    await refresh()
  }
  const status = useMutation({
    mutationFn: (input: { magazineId: number; status: 'draft' | 'published' }) =>
      setMagazineStatusFn({ data: input }),
    onSuccess: async (result) => {
      notify('success', result.status === 'published' ? 'Magazine published' : 'Magazine unpublished')
      await refresh()
    },
  })
  return { duplicate, remove, status }
}

/** /seller/magazines: every magazine with its state, size and the last 30 days' views and adds. */
export function MagazineList({ magazines, canEdit }: { magazines: MagazineSummary[]; canEdit: boolean }) {
  const actions = useMagazineActions()
  if (magazines.length === 0)
    return (
      <EmptyState
        title="No magazines yet"
        action={
          canEdit ? (
            <Link to="/seller/magazines/create" className={buttonClasses()}>
              New magazine
            </Link>
          ) : null
        }
      >
        A magazine is a shoppable catalogue of your products: a web page, a PDF line sheet and a basket in
        one.
      </EmptyState>
    )
  return (
    <ul className="grid gap-3 lg:grid-cols-2">
      {magazines.map((m) => (
        <li
          key={m.id}
          className="flex min-w-0 gap-4 rounded-2xl border border-stone-200 bg-white p-4"
          data-testid="magazine-row"
        >
          <div className="hidden h-28 w-20 shrink-0 overflow-hidden rounded-lg bg-stone-100 sm:block">
            {m.cover ? <img src={m.cover} alt="" className="size-full object-cover" /> : null}
          </div>
          <div className="flex min-w-0 flex-1 flex-col gap-2">
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <h2 className="truncate text-base font-semibold text-ink">{m.title}</h2>
                <p className="truncate text-sm text-stone-600" dir="ltr">
                  /magazine/{m.identify}
                </p>
              </div>
              <MagazineStateBadge state={m.state} />
            </div>
            <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
              {[
                ['Pages', m.pages],
                ['Items', m.items],
                ['Views (30 d)', m.views30d],
                ['Basket adds', m.adds30d],
              ].map(([label, value]) => (
                <div key={label}>
                  <dt className="text-xs text-stone-500">{label}</dt>
                  <dd className="font-semibold text-ink">{value}</dd>
                </div>
              ))}
            </dl>
            {m.cutoffAt ? (
              <p className="text-xs text-stone-600">Orders close {formatTehranDateTime(m.cutoffAt)}</p>
            ) : null}
            <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
              {canEdit ? (
                <>
                  <Link
                    to="/seller/magazines/$magazineId/edit"
                    params={{ magazineId: String(m.id) }}
                    className={linkClass}
                  >
                    Edit<span className="sr-only"> {m.title}</span>
                  </Link>
                  <Link
                    to="/seller/magazines/$magazineId/products"
                    params={{ magazineId: String(m.id) }}
                    className={linkClass}
                  >
                    Pages and items<span className="sr-only"> of {m.title}</span>
                  </Link>
                </>
              ) : (
                <Link
                  to="/seller/magazines/$magazineId/products"
                  params={{ magazineId: String(m.id) }}
                  className={linkClass}
                >
                  View pages<span className="sr-only"> of {m.title}</span>
                </Link>
              )}
              {m.status === 'published' ? (
                <a href={`/magazine/${m.identify}`} className={linkClass}>
                  Open public page<span className="sr-only"> of {m.title}</span>
                </a>
              ) : null}
              {m.lineSheet ? (
                <a href={lineSheetPath(m.identify)} className={linkClass} download>
                  Line sheet (PDF)<span className="sr-only"> of {m.title}</span>
                </a>
              ) : null}
              {canEdit ? (
                <span className="flex flex-wrap gap-2">
                  {m.status === 'draft' ? (
                    <Button
                      size="sm"
                      disabled={actions.status.isPending}
                      onClick={() => actions.status.mutate({ magazineId: m.id, status: 'published' })}
                    >
                      Publish<span className="sr-only"> {m.title}</span>
                    </Button>
                  ) : (
                    <Button
                      size="sm"
                      variant="secondary"
                      disabled={actions.status.isPending}
                      onClick={() => actions.status.mutate({ magazineId: m.id, status: 'draft' })}
                    >
                      Unpublish<span className="sr-only"> {m.title}</span>
                    </Button>
                  )}
                  <Button
                    size="sm"
                    variant="secondary"
                    disabled={actions.duplicate.isPending}
                    onClick={() => actions.duplicate.mutate(m.id)}
                  >
                    Duplicate<span className="sr-only"> {m.title}</span>
                  </Button>
                  {m.status === 'draft' ? (
                    <ConfirmDialog
                      trigger="Delete"
                      triggerLabel={`Delete ${m.title}`}
                      title={`Delete the draft “${m.title}”?`}
                      description="Its pages and items go with it. This cannot be undone."
                      confirm="Delete draft"
                      busy="Deleting…"
                      onConfirm={() => actions.remove(m.id)}
                    />
                  ) : null}
                </span>
              ) : null}
            </div>
          </div>
        </li>
      ))}
    </ul>
  )
}

export { useMagazineActions }
