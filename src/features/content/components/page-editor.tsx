import { useStore } from '@tanstack/react-form'
import { useQueryClient } from '@tanstack/react-query'
import { currentLocale } from '~/lib/i18n'
import { m } from '~/lib/messages'
import { formatNumber } from '~/lib/money'
import { notify } from '~/lib/notify'
import { FormError, UnsavedChangesGuard, useAppForm, useFormDirty } from '~/ui/form/app-form'
import { updateContentPageFn } from '../content.functions'
import { contentQueries } from '../content.queries'
import { updatePageInput, type EditableContentPage } from '../content.schemas'
import { Markdown } from './markdown'
import { LanguageFieldset } from './language-fieldset'

/**
 * /admin/content/{slug}: title, meta description and markdown body in Persian and in English, with
 * a live preview of what readers in the admin's language see (the English where Persian is empty).
 */
export function PageEditor({ page }: { page: EditableContentPage }) {
  const queryClient = useQueryClient()
  const { form, formProps, formError, submitting } = useAppForm({
    schema: updatePageInput,
    defaultValues: {
      slug: page.slug,
      title: page.title_en,
      description: page.description_en,
      body: page.body_en,
      title_fa: page.title_fa ?? '',
      description_fa: page.description_fa ?? '',
      body_fa: page.body_fa ?? '',
    },
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
  const persian = currentLocale() === 'fa'
  const preview = {
    title: (persian && values.title_fa.trim()) || values.title,
    body: (persian && values.body_fa.trim()) || values.body,
  }
  const descriptionHint = m.content_page_meta_description_hint({
    min: formatNumber(20),
    max: formatNumber(300),
  })
  return (
    <div className="grid gap-6 xl:grid-cols-2">
      <UnsavedChangesGuard when={dirty && !submitting} />
      <form {...formProps} className="flex flex-col gap-6">
        <FormError message={formError} />
        <LanguageFieldset legend={m.content_editor_persian()} hint={m.content_editor_persian_hint()}>
          <form.AppField name="title_fa">
            {(field) => <field.TextField label={m.content_page_title_fa()} dir="rtl" lang="fa" />}
          </form.AppField>
          <form.AppField name="description_fa">
            {(field) => (
              <field.TextAreaField
                label={m.content_page_meta_description_fa()}
                hint={descriptionHint}
                rows={2}
                dir="rtl"
                lang="fa"
              />
            )}
          </form.AppField>
          <form.AppField name="body_fa">
            {(field) => (
              <field.TextAreaField
                label={m.content_page_body_fa()}
                hint={m.content_page_body_hint()}
                rows={16}
                dir="rtl"
                lang="fa"
              />
            )}
          </form.AppField>
        </LanguageFieldset>
        <LanguageFieldset legend={m.content_editor_english()} hint={m.content_editor_english_hint()}>
          <form.AppField name="title">
            {(field) => <field.TextField label={m.content_page_title()} dir="ltr" lang="en" required />}
          </form.AppField>
          <form.AppField name="description">
            {(field) => (
              <field.TextAreaField
                label={m.content_page_meta_description()}
                hint={descriptionHint}
                rows={2}
                dir="ltr"
                lang="en"
                required
              />
            )}
          </form.AppField>
          <form.AppField name="body">
            {(field) => (
              <field.TextAreaField
                label={m.content_page_body()}
                hint={m.content_page_body_hint()}
                rows={16}
                className="font-mono"
                dir="ltr"
                lang="en"
                required
              />
            )}
          </form.AppField>
        </LanguageFieldset>
        <form.AppForm>
          <form.SubmitButton className="sm:self-start" busyLabel={m.content_saving()}>
            {m.content_page_save()}
          </form.SubmitButton>
        </form.AppForm>
      </form>
      <section
        aria-label={m.content_preview()}
        className="self-start rounded-2xl border border-stone-200 bg-white p-5 xl:sticky xl:top-4"
      >
        <p className="text-xs font-semibold tracking-wide text-brand-800 uppercase">{m.content_preview()}</p>
        <p className="mb-3 text-xs text-stone-600">{m.content_preview_hint()}</p>
        <h2 className="mb-4 text-2xl font-bold text-ink">{preview.title}</h2>
        <Markdown source={preview.body} />
      </section>
    </div>
  )
}
