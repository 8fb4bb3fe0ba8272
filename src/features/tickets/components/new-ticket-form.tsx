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
      notify('success', `Ticket #${ticket.id} opened: we will text you when we answer`)
      await navigate({ to: '/buyer/tickets/$id/show', params: { id: String(ticket.id) } })
    },
  })
  return (
    <form {...formProps} className="flex flex-col gap-4">
      <FormError message={formError} />
      <form.AppField name="subject">
        {(field) => <field.TextField label="Subject" hint="In a few words, what is it about?" required />}
      </form.AppField>
      <div className="grid gap-4 sm:grid-cols-2">
        <form.AppField name="department">{() => <DepartmentField />}</form.AppField>
        <form.AppField name="order_reference">
          {(field) => (
            <field.TextField
              label="Order reference"
              hint="Optional: the order number, if it is about an order"
              autoComplete="off"
              dir="ltr"
            />
          )}
        </form.AppField>
      </div>
      <form.AppField name="message">
        {(field) => <field.TextAreaField label="Message" rows={6} required />}
      </form.AppField>
      <AttachmentsField files={files} onChange={setFiles} />
      <form.AppForm>
        <form.SubmitButton size="lg" className="sm:self-start" busyLabel={'Opening the ticket…'}>
          {'Open ticket'}
        </form.SubmitButton>
      </form.AppForm>
    </form>
  )
}
