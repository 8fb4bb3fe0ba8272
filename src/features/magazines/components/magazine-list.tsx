import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { m } from '~/lib/messages'
import { formatNumber } from '~/lib/money'
import { notify } from '~/lib/notify'
import { formatTehranDateTime } from '~/lib/tehran-time'
import { Button, buttonClasses } from '~/ui/button'
import { EmptyState } from '~/ui/empty-state'
import { deleteMagazineFn, duplicateMagazineFn, setMagazineStatusFn } from '../magazines.functions'
import { magazineQueries } from '../magazines.queries'
import { lineSheetPath, type MagazineState, type MagazineSummary } from '../magazines.schemas'
import { ConfirmDialog } from '~/ui/confirm-dialog'

const linkClass = 'font-medium text-brand-800 underline-offset-4 hover:underline'

const STATE_BADGES: Record<MagazineState, { label: () => string; className: string }> = {
  draft: { label: () => m.magazines_state_draft(), className: 'bg-stone-100 text-stone-800' },
  published: { label: () => m.magazines_state_published(), className: 'bg-emerald-50 text-emerald-800' },
  expired: { label: () => m.magazines_state_expired(), className: 'bg-amber-50 text-amber-900' },
}

export function MagazineStateBadge({ state }: { state: MagazineState }) {
  const badge = STATE_BADGES[state]
  return (
    <span
      className={`rounded-full px-2 py-0.5 text-xs font-medium ${badge.className}`}
      data-testid="magazine-state"
    >
      {badge.label()}
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
      notify('success', m.magazines_toast_copied())
      await refresh()
      await navigate({ to: '/seller/magazines/$magazineId/edit', params: { magazineId: String(copy.id) } })
    },
  })
  // Run by the confirmation dialog, which shows a failure itself.
  const remove = async (magazineId: number) => {
    await deleteMagazineFn({ data: { magazineId } })
    notify('success', m.magazines_toast_draft_deleted())
    await refresh()
  }
  const status = useMutation({
    mutationFn: (input: { magazineId: number; status: 'draft' | 'published' }) =>
      setMagazineStatusFn({ data: input }),
    onSuccess: async (result) => {
      notify(
        'success',
        result.status === 'published' ? m.magazines_toast_published() : m.magazines_toast_unpublished(),
      )
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
        title={m.magazines_empty_title()}
        action={
          canEdit ? (
            <Link to="/seller/magazines/create" className={buttonClasses()}>
              {m.magazines_new()}
            </Link>
          ) : null
        }
      >
        {m.magazines_empty_body()}
      </EmptyState>
    )
  return (
    <ul className="grid gap-3 lg:grid-cols-2">
      {magazines.map((mag) => (
        <li
          key={mag.id}
          className="flex min-w-0 gap-4 rounded-2xl border border-stone-200 bg-white p-4"
          data-testid="magazine-row"
        >
          <div className="hidden h-28 w-20 shrink-0 overflow-hidden rounded-lg bg-stone-100 sm:block">
            {mag.cover ? <img src={mag.cover} alt="" className="size-full object-cover" /> : null}
          </div>
          <div className="flex min-w-0 flex-1 flex-col gap-2">
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <h2 className="truncate text-base font-semibold text-ink">{mag.title}</h2>
                <p className="truncate text-sm text-stone-600" dir="ltr">
                  {`/magazine/${mag.identify}`}
                </p>
              </div>
              <MagazineStateBadge state={mag.state} />
            </div>
            <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
              {(
                [
                  [m.magazines_stat_pages(), mag.pages],
                  [m.magazines_stat_items(), mag.items],
                  [m.magazines_stat_views(), mag.views30d],
                  [m.magazines_stat_adds(), mag.adds30d],
                ] as const
              ).map(([label, value]) => (
                <div key={label}>
                  <dt className="text-xs text-stone-500">{label}</dt>
                  <dd className="font-semibold text-ink">{formatNumber(value)}</dd>
                </div>
              ))}
            </dl>
            {mag.cutoffAt ? (
              <p className="text-xs text-stone-600">{m.magazines_orders_close({ time: formatTehranDateTime(mag.cutoffAt) })}</p>
            ) : null}
            <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
              {canEdit ? (
                <>
                  <Link
                    to="/seller/magazines/$magazineId/edit"
                    params={{ magazineId: String(mag.id) }}
                    className={linkClass}
                  >
                    {m.magazines_edit()}
                    <span className="sr-only"> {m.magazines_sr_title({ title: mag.title })}</span>
                  </Link>
                  <Link
                    to="/seller/magazines/$magazineId/products"
                    params={{ magazineId: String(mag.id) }}
                    className={linkClass}
                  >
                    {m.magazines_pages_and_items()}
                    <span className="sr-only"> {m.magazines_sr_of_title({ title: mag.title })}</span>
                  </Link>
                </>
              ) : (
                <Link
                  to="/seller/magazines/$magazineId/products"
                  params={{ magazineId: String(mag.id) }}
                  className={linkClass}
                >
                  {m.magazines_view_pages()}
                  <span className="sr-only"> {m.magazines_sr_of_title({ title: mag.title })}</span>
                </Link>
              )}
              {mag.status === 'published' ? (
                <a href={`/magazine/${mag.identify}`} className={linkClass}>
                  {m.magazines_open_public()}
                  <span className="sr-only"> {m.magazines_sr_of_title({ title: mag.title })}</span>
                </a>
              ) : null}
              {mag.lineSheet ? (
                <a href={lineSheetPath(mag.identify)} className={linkClass} download>
                  {m.magazines_line_sheet_pdf()}
                  <span className="sr-only"> {m.magazines_sr_of_title({ title: mag.title })}</span>
                </a>
              ) : null}
              {canEdit ? (
                <span className="flex flex-wrap gap-2">
                  {mag.status === 'draft' ? (
                    <Button
                      size="sm"
                      disabled={actions.status.isPending}
                      onClick={() => actions.status.mutate({ magazineId: mag.id, status: 'published' })}
                    >
                      {m.magazines_publish()}
                      <span className="sr-only"> {m.magazines_sr_title({ title: mag.title })}</span>
                    </Button>
                  ) : (
                    <Button
                      size="sm"
                      variant="secondary"
                      disabled={actions.status.isPending}
                      onClick={() => actions.status.mutate({ magazineId: mag.id, status: 'draft' })}
                    >
                      {m.magazines_unpublish()}
                      <span className="sr-only"> {m.magazines_sr_title({ title: mag.title })}</span>
                    </Button>
                  )}
                  <Button
                    size="sm"
                    variant="secondary"
                    disabled={actions.duplicate.isPending}
                    onClick={() => actions.duplicate.mutate(mag.id)}
                  >
                    {m.magazines_duplicate()}
                    <span className="sr-only"> {m.magazines_sr_title({ title: mag.title })}</span>
                  </Button>
                  {mag.status === 'draft' ? (
                    <ConfirmDialog
                      trigger={m.magazines_delete()}
                      triggerLabel={m.magazines_delete_label({ title: mag.title })}
                      title={m.magazines_delete_draft_title({ title: mag.title })}
                      description={m.magazines_delete_draft_body()}
                      confirm={m.magazines_delete_draft_confirm()}
                      busy={m.magazines_deleting()}
                      onConfirm={() => actions.remove(mag.id)}
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
