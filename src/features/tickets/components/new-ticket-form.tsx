import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { notify } from '~/lib/notify'
import { FormError, useAppForm } from '~/ui/form/app-form'
import { createTicketFn } from '../tickets.functions'
import { ticketQueries } from '../tickets.queries'
import { createTicketInput } from '../tickets.schemas'
import { AttachmentsField, attachmentProblem, toFormData } from './attachments-field'
import { DepartmentField } from './department-field'
import { m } from '~/lib/messages'
import { ticketNumber } from './ticket-badges'

/** The form's fields (exported so a test can hold the server's 422 field names against them). */
export const newTicketFields = { subject: '', department: '', order_reference: '', message: '' }

/**
 * /buyer/tickets/create: subject, department, optional order reference, message and files. An order
 * page's "Open a ticket about this order" fills the order reference in.
 */
export function NewTicketForm({ orderReference = '' }: { orderReference?: string }) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const [files, setFiles] = useState<File[]>([])
  const { form, formProps, formError } = useAppForm({
    schema: createTicketInput,
    defaultValues: { ...newTicketFields, order_reference: orderReference },
    onSubmit: async (input) => {
      if (attachmentProblem(files)) return
      const ticket = await createTicketFn({ data: toFormData(input, files) })
      await queryClient.invalidateQueries({ queryKey: ticketQueries.all })
      notify('success', m.account_ticket_opened({ id: ticketNumber(ticket.id) }))
      await navigate({ to: '/buyer/tickets/$id/show', params: { id: String(ticket.id) } })
    },
  })
  return (
    <form {...formProps} className="flex flex-col gap-4">
      <FormError message={formError} />
      <form.AppField name="subject">
        {(field) => (
          <field.TextField label={m.account_subject()} hint={m.account_subject_hint()} required />
        )}
      </form.AppField>
      <div className="grid gap-4 sm:grid-cols-2">
        <form.AppField name="department">{() => <DepartmentField />}</form.AppField>
        <form.AppField name="order_reference">
          {(field) => (
            <field.TextField
              label={m.account_order_reference()}
              hint={m.account_order_reference_hint()}
              autoComplete="off"
              dir="ltr"
            />
          )}
        </form.AppField>
      </div>
      <form.AppField name="message">
        {(field) => <field.TextAreaField label={m.account_message()} rows={6} required />}
      </form.AppField>
      <AttachmentsField files={files} onChange={setFiles} />
      <form.AppForm>
        <form.SubmitButton size="lg" className="sm:self-start" busyLabel={m.account_opening_ticket()}>
          {m.account_open_ticket()}
        </form.SubmitButton>
      </form.AppForm>
    </form>
  )
}
