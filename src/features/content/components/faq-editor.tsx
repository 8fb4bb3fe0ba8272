import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { toApiError } from '~/lib/api-error'
import { m } from '~/lib/messages'
import { notify } from '~/lib/notify'
import { Button } from '~/ui/button'
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '~/ui/dialog'
import { FormError, useAppForm } from '~/ui/form/app-form'
import * as v from 'valibot'
import { deleteFaqEntryFn, saveFaqEntryFn } from '../content.functions'
import { contentQueries } from '../content.queries'
import { faqEntryInput, type EditableFaqEntry } from '../content.schemas'
import { LanguageFieldset } from './language-fieldset'

/** The form's fields are strings; position is a number on the server. */
const formSchema = v.object({
  ...faqEntryInput.entries,
  id: v.optional(v.string()),
  position: v.pipe(
    v.string(),
    v.transform(Number),
    v.integer(() => m.content_faq_position_whole()),
    v.minValue(0),
  ),
})

/**
 * One FAQ entry (or a new one when `entry` is absent) in Persian and in English, saved through the
 * admin function.
 */
export function FaqEntryForm({ entry, onDone }: { entry?: EditableFaqEntry; onDone?: () => void }) {
  const queryClient = useQueryClient()
  const [deleting, setDeleting] = useState(false)
  const { form, formProps, formError, reset } = useAppForm({
    schema: formSchema,
    defaultValues: {
      group: entry?.group_en ?? '',
      question: entry?.question_en ?? '',
      answer: entry?.answer_en ?? '',
      group_fa: entry?.group_fa ?? '',
      question_fa: entry?.question_fa ?? '',
      answer_fa: entry?.answer_fa ?? '',
      position: String(entry?.position ?? 1000),
    },
    onSubmit: async (input) => {
      await saveFaqEntryFn({ data: { ...input, id: entry?.id } })
      await queryClient.invalidateQueries({ queryKey: contentQueries.all })
      notify('success', entry ? m.content_faq_saved() : m.content_faq_added())
      if (!entry) reset()
      onDone?.()
    },
  })
  const remove = async () => {
    if (!entry) return
    setDeleting(true)
    try {
      await deleteFaqEntryFn({ data: { id: entry.id } })
      await queryClient.invalidateQueries({ queryKey: contentQueries.all })
      notify('success', m.content_faq_deleted())
    } catch (error) {
      notify('error', toApiError(error).message)
      setDeleting(false)
    }
  }
  return (
    <form {...formProps} className="flex flex-col gap-3">
      <FormError message={formError} />
      <LanguageFieldset legend={m.content_editor_persian()} hint={m.content_editor_persian_hint()}>
        <form.AppField name="group_fa">
          {(field) => <field.TextField label={m.content_faq_group_fa()} dir="rtl" lang="fa" />}
        </form.AppField>
        <form.AppField name="question_fa">
          {(field) => <field.TextField label={m.content_faq_question_fa()} dir="rtl" lang="fa" />}
        </form.AppField>
        <form.AppField name="answer_fa">
          {(field) => (
            <field.TextAreaField label={m.content_faq_answer_markdown_fa()} rows={5} dir="rtl" lang="fa" />
          )}
        </form.AppField>
      </LanguageFieldset>
      <LanguageFieldset legend={m.content_editor_english()} hint={m.content_editor_english_hint()}>
        <form.AppField name="group">
          {(field) => (
            <field.TextField
              label={m.content_faq_group()}
              hint={m.content_faq_group_hint()}
              dir="ltr"
              lang="en"
              required
            />
          )}
        </form.AppField>
        <form.AppField name="question">
          {(field) => <field.TextField label={m.content_faq_question()} dir="ltr" lang="en" required />}
        </form.AppField>
        <form.AppField name="answer">
          {(field) => (
            <field.TextAreaField
              label={m.content_faq_answer_markdown()}
              rows={5}
              dir="ltr"
              lang="en"
              required
            />
          )}
        </form.AppField>
      </LanguageFieldset>
      <form.AppField name="position">
        {(field) => (
          <field.TextField
            label={m.content_faq_order()}
            inputMode="numeric"
            className="sm:max-w-32"
            required
          />
        )}
      </form.AppField>
      <div className="flex flex-wrap gap-2">
        <form.AppForm>
          <form.SubmitButton>{entry ? m.content_faq_save() : m.content_faq_add()}</form.SubmitButton>
        </form.AppForm>
        {entry ? (
          <Dialog>
            <DialogTrigger asChild>
              <Button variant="danger" disabled={deleting}>
                {m.content_delete()}
              </Button>
            </DialogTrigger>
            <DialogContent
              title={m.content_faq_delete_title({ question: entry.question })}
              description={m.content_faq_delete_description()}
            >
              <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
                <DialogClose asChild>
                  <Button variant="secondary" autoFocus>
                    {m.content_keep_it()}
                  </Button>
                </DialogClose>
                <Button variant="danger" disabled={deleting} onClick={() => void remove()}>
                  {deleting ? m.content_deleting() : m.content_faq_delete()}
                </Button>
              </div>
            </DialogContent>
          </Dialog>
        ) : null}
      </div>
    </form>
  )
}
