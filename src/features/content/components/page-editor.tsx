import { useStore } from '@tanstack/react-form'
import { useQueryClient } from '@tanstack/react-query'
import { m } from '~/lib/messages'
import { formatNumber } from '~/lib/money'
import { notify } from '~/lib/notify'
import { FormError, UnsavedChangesGuard, useAppForm, useFormDirty } from '~/ui/form/app-form'
import { updateContentPageFn } from '../content.functions'
import { contentQueries } from '../content.queries'
import { updatePageInput, type ContentPage } from '../content.schemas'
import { Markdown } from './markdown'

/** /admin/content/{slug}: title, meta description and markdown body, with a live preview. */
export function PageEditor({ page }: { page: ContentPage }) {
  const queryClient = useQueryClient()
  const { form, formProps, formError, submitting } = useAppForm({
    schema: updatePageInput,
    defaultValues: { slug: page.slug, title: page.title, description: page.description, body: page.body },
    onSubmit: async (input, { markSaved }) => {
      const saved = await updateContentPageFn({ data: input })
      markSaved()
      queryClient.setQueryData(contentQueries.page(saved.slug).queryKey, saved)
      await queryClient.invalidateQueries({ queryKey: contentQueries.all })
      notify('success', m.content_page_saved({ title: saved.title }))
    },
  })
  const values = useStore(form.store, (state) => state.values)
  const dirty = useFormDirty(form)
  return (
    <div className="grid gap-6 xl:grid-cols-2">
      <UnsavedChangesGuard when={dirty && !submitting} />
      <form {...formProps} className="flex flex-col gap-4">
        <FormError message={formError} />
        <form.AppField name="title">
          {(field) => <field.TextField label={m.content_page_title()} required />}
        </form.AppField>
        <form.AppField name="description">
          {(field) => (
            <field.TextAreaField
              label={m.content_page_meta_description()}
              hint={m.content_page_meta_description_hint({ min: formatNumber(20), max: formatNumber(300) })}
              rows={2}
              required
            />
          )}
        </form.AppField>
        <form.AppField name="body">
          {(field) => (
            <field.TextAreaField
              label={m.content_page_body()}
              hint={m.content_page_body_hint()}
              rows={22}
              className="font-mono"
              required
            />
          )}
        </form.AppField>
        <form.AppForm>
          <form.SubmitButton className="sm:self-start" busyLabel={m.content_saving()}>
            {m.content_page_save()}
          </form.SubmitButton>
        </form.AppForm>
      </form>
      <section aria-label={m.content_preview()} className="rounded-2xl border border-stone-200 bg-white p-5">
        <p className="mb-3 text-xs font-semibold tracking-wide text-brand-800 uppercase">
          {m.content_preview()}
        </p>
        <h2 className="mb-4 text-2xl font-bold text-ink">{values.title}</h2>
        <Markdown source={values.body} />
      </section>
    </div>
  )
}
