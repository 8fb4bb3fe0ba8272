import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { toApiError } from '~/lib/api-error'
import { m } from '~/lib/messages'
import { checkDraft, type LandingDraft } from '../landing-admin-draft'
import { previewLandingPageFn } from '../landing-admin.functions'
import { LandingPageView } from '~/features/catalog'
import { productCardActions } from '~/features/home'

/**
 * The unsaved page as the public will see it: the server resolves the blocks exactly as the
 * public page does (same products, same categories), and names slugs that match nothing.
 */
export function LandingPreview({ draft }: { draft: LandingDraft }) {
  const checked = checkDraft(draft)
  const input = checked.ok ? checked.input : null
  const preview = useQuery({
    queryKey: ['landing-admin', 'preview', JSON.stringify(input)] as const,
    queryFn: () => previewLandingPageFn({ data: input! }),
    enabled: input !== null,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  })
  if (!checked.ok)
    return (
      <div
        role="status"
        className="rounded-2xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
      >
        <p className="font-medium">{m.magazines_landing_fix_first()}</p>
        <ul className="mt-2 list-disc ps-5">
          {[...new Set(Object.values(checked.errors))].map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      </div>
    )
  if (preview.isError)
    return (
      <p role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-4 text-sm text-red-800">
        {toApiError(preview.error).message}
      </p>
    )
  if (!preview.data)
    return (
      <p role="status" className="p-4 text-sm text-stone-600">
        {m.magazines_landing_loading_preview()}
      </p>
    )
  const problems = [...new Set(Object.values(preview.data.problems).flat())]
  return (
    <div className="flex flex-col gap-4" aria-busy={preview.isFetching}>
      {problems.length ? (
        <div
          role="status"
          className="rounded-2xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
        >
          <p className="font-medium">{m.magazines_landing_refused()}</p>
          <ul className="mt-2 list-disc ps-5">
            {problems.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className="rounded-2xl border border-dashed border-stone-300 bg-stone-50 p-3 sm:p-5">
        <p className="mb-3 text-xs font-semibold tracking-wide text-brand-800 uppercase">
          {m.magazines_landing_preview_of({ slug: preview.data.page.slug })}
          {draft.status === 'draft' ? m.magazines_landing_preview_draft() : ''}
        </p>
        <LandingPageView page={preview.data.page} cardActions={productCardActions} />
      </div>
    </div>
  )
}
