import { useQueryClient } from '@tanstack/react-query'
import { notify } from '~/lib/notify'
import { Button } from '~/ui/button'
import { FormError, TextAreaField, TextField } from '~/ui/form/text-field'
import { useSchemaForm } from '~/ui/form/use-schema-form'
import { updateContentPageFn } from '../content.functions'
import { contentQueries } from '../content.queries'
import { updatePageInput, type ContentPage } from '../content.schemas'
import { Markdown } from './markdown'

/** /admin/content/{slug}: title, meta description and markdown body, with a live preview. */
export function PageEditor({ page }: { page: ContentPage }) {
  const queryClient = useQueryClient()
  const form = useSchemaForm({
    schema: updatePageInput,
    initialValues: { slug: page.slug, title: page.title, description: page.description, body: page.body },
    onSubmit: async (input) => {
      const saved = await updateContentPageFn({ data: input })
      queryClient.setQueryData(contentQueries.page(saved.slug).queryKey, saved)
      await queryClient.invalidateQueries({ queryKey: contentQueries.all })
      notify('success', `“${saved.title}” saved`)
    },
  })
  return (
    <div className="grid gap-6 xl:grid-cols-2">
      <form {...form.formProps} className="flex flex-col gap-4">
        <FormError message={form.formError} />
        <TextField field={form.field('title')} label="Title" required />
        <TextAreaField
          field={form.field('description')}
          label="Meta description"
          hint="Shown by search engines: one or two sentences, 20 to 300 characters"
          rows={2}
          required
        />
        <TextAreaField
          field={form.field('body')}
          label="Content (markdown)"
          hint="Headings (##), lists (-), **bold**, [links](/faq) and tables. HTML is shown as text; only http(s), mailto and site links work."
          rows={22}
          className="font-mono"
          required
        />
        <Button type="submit" disabled={form.submitting} className="sm:self-start">
          {form.submitting ? 'Saving…' : 'Save page'}
        </Button>
      </form>
      <section aria-label="Preview" className="rounded-2xl border border-stone-200 bg-white p-5">
        <p className="mb-3 text-xs font-semibold tracking-wide text-brand-800 uppercase">Preview</p>
        <h2 className="mb-4 text-2xl font-bold text-ink">{form.values.title}</h2>
        <Markdown source={form.values.body} />
      </section>
    </div>
  )
}
