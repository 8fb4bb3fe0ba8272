import { useQueryClient } from '@tanstack/react-query'
import { useStore } from '@tanstack/react-form'
import { useRef, useState } from 'react'
import { m } from '~/lib/messages'
import { formatNumber } from '~/lib/money'
import { notify } from '~/lib/notify'
import { Button } from '~/ui/button'
import { FormError, UnsavedChangesGuard, useFormDirty } from '~/ui/form/app-form'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '~/ui/tabs'
import { slugify } from '../landing-admin-draft'
import { createLandingPageFn, updateLandingPageFn } from '../landing-admin.functions'
import { afterLandingChange, landingAdminQueries } from '../landing-admin.queries'
import { LANDING_SLUG_MAX, LANDING_SUMMARY, type AdminLandingPage } from '../landing-admin.schemas'
import { LandingBlocksEditor } from './landing-admin-blocks'
import { useLandingForm, type LandingForm } from './landing-admin-form'
import { LandingPreview } from './landing-admin-preview'

const statuses = [
  {
    value: 'draft',
    label: () => m.magazines_landing_status_draft(),
    hint: () => m.magazines_landing_status_draft_hint(),
  },
  {
    value: 'published',
    label: () => m.magazines_landing_status_published(),
    hint: () => m.magazines_landing_status_published_hint(),
  },
] as const

function StatusChoice({ form }: { form: LandingForm }) {
  return (
    <form.Field name="status">
      {(field) => (
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium text-ink">{m.magazines_landing_status()}</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {statuses.map((status) => (
              <label
                key={status.value}
                className="flex cursor-pointer items-start gap-3 rounded-xl border border-stone-300 bg-white p-3 has-checked:border-brand-600 has-checked:bg-brand-50 has-focus-visible:ring-2 has-focus-visible:ring-brand-600"
              >
                <input
                  type="radio"
                  name="status"
                  value={status.value}
                  checked={field.state.value === status.value}
                  onChange={() => field.handleChange(status.value)}
                  className="mt-0.5 h-4 w-4 accent-brand-700"
                />
                <span className="flex flex-col">
                  <span className="text-sm font-medium text-ink">{status.label()}</span>
                  <span className="text-xs text-stone-600">{status.hint()}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
      )}
    </form.Field>
  )
}

function PageFields({ form, page }: { form: LandingForm; page?: AdminLandingPage }) {
  // A new page's slug follows its title until the admin types a slug of their own.
  const slugEdited = useRef(!!page)
  return (
    <section aria-labelledby="page-fields-title" className="flex flex-col gap-4">
      <h2 id="page-fields-title" className="sr-only">
        {m.magazines_landing_page()}
      </h2>
      <form.AppField
        name="title"
        listeners={{
          onChange: ({ value }) => {
            if (!slugEdited.current) form.setFieldValue('slug', slugify(value))
          },
        }}
      >
        {(field) => (
          <field.TextField
            label={m.magazines_landing_title()}
            hint={m.magazines_landing_title_hint()}
            required
          />
        )}
      </form.AppField>
      <form.AppField
        name="slug"
        listeners={{
          onChange: ({ value }) => {
            slugEdited.current = value !== ''
          },
        }}
      >
        {(field) => {
          const slug = field.state.value
          const slugChanged = page?.status === 'published' && slug !== page.slug
          return (
            <field.TextField
              label={m.magazines_landing_slug()}
              hint={
                slugChanged
                  ? m.magazines_landing_slug_changed({ slug: page.slug })
                  : m.magazines_landing_slug_hint({ slug: slug || '…', max: formatNumber(LANDING_SLUG_MAX) })
              }
              dir="ltr"
              autoCapitalize="none"
              spellCheck={false}
              className="[&_input]:font-mono"
              required
            />
          )
        }}
      </form.AppField>
      <form.AppField name="summary">
        {(field) => (
          <field.TextAreaField
            label={m.magazines_landing_summary()}
            hint={m.magazines_landing_summary_hint({
              min: formatNumber(LANDING_SUMMARY.min),
              max: formatNumber(LANDING_SUMMARY.max),
              now: formatNumber(field.state.value.trim().length),
            })}
            rows={3}
            required
          />
        )}
      </form.AppField>
      <form.AppField name="hero_image">
        {(field) => (
          <field.TextField
            label={m.magazines_landing_hero_image()}
            hint={m.magazines_landing_hero_image_hint()}
            dir="ltr"
            className="[&_input]:font-mono"
          />
        )}
      </form.AppField>
      <StatusChoice form={form} />
    </section>
  )
}

/**
 * /admin/landing/new and /admin/landing/{id}: the page's fields, its blocks, and a preview the
 * server renders with the public page's own component.
 */
export function LandingEditor({
  page,
  onSaved,
  actions,
}: {
  page?: AdminLandingPage
  onSaved: (saved: AdminLandingPage) => void
  actions?: React.ReactNode
}) {
  const queryClient = useQueryClient()
  const [tab, setTab] = useState('edit')
  const { form, formProps, formError, submit, submitting } = useLandingForm(
    page,
    async (input, { markSaved }) => {
      const saved = page
        ? await updateLandingPageFn({ data: { ...input, id: page.id, expected_updated_at: page.updated_at } })
        : await createLandingPageFn({ data: input })
      queryClient.setQueryData(landingAdminQueries.detail(saved.id).queryKey, saved)
      await afterLandingChange(queryClient, [saved.slug, ...(page ? [page.slug] : [])])
      notify(
        'success',
        saved.status === 'published'
          ? m.magazines_landing_saved_published({ title: saved.title })
          : m.magazines_landing_saved_draft({ title: saved.title }),
      )
      // What was saved is the new starting point: nothing is unsaved any more.
      markSaved()
      onSaved(saved)
    },
  )
  const dirty = useFormDirty(form)
  const draft = useStore(form.store, (state) => state.values)
  return (
    <div className="flex flex-col gap-4">
      <UnsavedChangesGuard when={dirty && !submitting} />
      {page && page.unreadable_blocks > 0 ? (
        <p
          role="status"
          className="rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950"
        >
          {m.magazines_landing_unreadable({
            count: page.unreadable_blocks,
            countText: formatNumber(page.unreadable_blocks),
          })}
        </p>
      ) : null}
      <Tabs value={tab} onValueChange={setTab}>
        <TabsList aria-label={m.magazines_landing_editor_view()}>
          <TabsTrigger value="edit">{m.magazines_landing_tab_edit()}</TabsTrigger>
          <TabsTrigger value="preview">{m.magazines_landing_tab_preview()}</TabsTrigger>
        </TabsList>
        <TabsContent value="edit">
          <form
            {...formProps}
            aria-label={m.magazines_landing_form()}
            className="flex max-w-3xl flex-col gap-6 [&_input]:scroll-mb-32 [&_textarea]:scroll-mb-32"
          >
            <FormError message={formError} />
            <PageFields form={form} page={page} />
            <LandingBlocksEditor form={form} formId={formProps.id} />
          </form>
        </TabsContent>
        <TabsContent value="preview">
          <LandingPreview draft={draft} />
        </TabsContent>
      </Tabs>
      <div className="sticky bottom-0 z-10 flex flex-wrap items-center gap-3 rounded-t-2xl border border-stone-200 bg-white px-4 py-3 shadow-[0_-4px_12px_-6px_rgb(0_0_0/0.12)] sm:rounded-2xl">
        <Button
          type="button"
          disabled={submitting}
          aria-busy={submitting || undefined}
          onClick={() => {
            setTab('edit')
            submit()
          }}
        >
          {submitting
            ? m.magazines_landing_saving()
            : page
              ? m.magazines_landing_save()
              : m.magazines_landing_create()}
        </Button>
        {dirty ? (
          <span className="text-sm text-stone-600" role="status">
            {m.magazines_landing_unsaved()}
          </span>
        ) : null}
        <div className="ms-auto flex flex-wrap gap-2">{actions}</div>
      </div>
    </div>
  )
}
