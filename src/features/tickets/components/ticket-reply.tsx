import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { toApiError } from '~/lib/api-error'
import { notify } from '~/lib/notify'
import { Button } from '~/ui/button'
import { FormError, useAppForm } from '~/ui/form/app-form'
import { changeTicketStatusFn, replyToTicketFn } from '../tickets.functions'
import { ticketQueries } from '../tickets.queries'
import { messageSchema, type TicketThread } from '../tickets.schemas'
import * as v from 'valibot'
import { AttachmentsField, attachmentProblem, toFormData } from './attachments-field'
import { m } from '~/lib/messages'

const replyForm = v.object({ message: messageSchema })

/** Puts the fresh thread in the cache and marks every list stale. */
function useThreadUpdate() {
  const queryClient = useQueryClient()
  return async (thread: TicketThread) => {
    queryClient.setQueryData(ticketQueries.detail(thread.id).queryKey, thread)
    await queryClient.invalidateQueries({ queryKey: ticketQueries.all, refetchType: 'none' })
  }
}

/** Reply with text and files. `staff` answers as the support team (and texts the buyer). */
export function TicketReplyForm({ ticket, staff }: { ticket: TicketThread; staff: boolean }) {
  const update = useThreadUpdate()
  const [files, setFiles] = useState<File[]>([])
  const { form, formProps, formError, reset } = useAppForm({
    schema: replyForm,
    defaultValues: { message: '' },
    onSubmit: async ({ message }) => {
      if (attachmentProblem(files)) return
      const fields = { ticket_id: ticket.id, message, ...(staff ? { as: 'staff' } : {}) }
      await update(await replyToTicketFn({ data: toFormData(fields, files) }))
      reset()
      setFiles([])
      notify('success', staff ? m.account_answer_sent() : m.account_reply_sent())
    },
  })
  return (
    <form
      {...formProps}
      aria-label={m.account_reply()}
      className="flex flex-col gap-4 rounded-2xl border border-stone-200 bg-white p-4 sm:p-5"
    >
      <FormError message={formError} />
      <form.AppField name="message">
        {(field) => (
          <field.TextAreaField
            label={staff ? m.account_your_answer() : m.account_your_reply()}
            hint={!staff && ticket.status === 'closed' ? m.account_reply_reopens() : undefined}
            rows={5}
            required
          />
        )}
      </form.AppField>
      <AttachmentsField files={files} onChange={setFiles} />
      <form.AppForm>
        <form.SubmitButton className="sm:self-start" busyLabel={m.account_sending()}>
          {staff ? m.account_send_answer() : m.account_send_reply()}
        </form.SubmitButton>
      </form.AppForm>
    </form>
  )
}

/** Close an open or answered ticket, or reopen a closed one. */
export function TicketStatusButton({ ticket }: { ticket: TicketThread }) {
  const update = useThreadUpdate()
  const [busy, setBusy] = useState(false)
  const action = ticket.status === 'closed' ? 'reopen' : 'close'
  const run = async () => {
    setBusy(true)
    try {
      await update(await changeTicketStatusFn({ data: { ticket_id: ticket.id, action } }))
      notify('success', action === 'close' ? m.account_ticket_closed() : m.account_ticket_reopened())
    } catch (error) {
      notify('error', toApiError(error).message)
    } finally {
      setBusy(false)
    }
  }
  return (
    <Button variant="secondary" disabled={busy} onClick={() => void run()}>
      {action === 'close' ? m.account_close_ticket() : m.account_reopen_ticket()}
    </Button>
  )
}
