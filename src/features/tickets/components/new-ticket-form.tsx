import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { notify } from '~/lib/notify'
import { Button } from '~/ui/button'
import { FormError, TextAreaField, TextField } from '~/ui/form/text-field'
import { useSchemaForm } from '~/ui/form/use-schema-form'
import { createTicketFn } from '../tickets.functions'
import { ticketQueries } from '../tickets.queries'
import { createTicketInput } from '../tickets.schemas'
import { AttachmentsField, attachmentProblem, toFormData } from './attachments-field'
import { DepartmentField } from './department-field'

/**
 * /buyer/tickets/create: subject, department, optional order reference, message and files. An order
 * page's "Open a ticket about this order" fills the order reference in.
 */
export function NewTicketForm({ orderReference = '' }: { orderReference?: string }) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const [files, setFiles] = useState<File[]>([])
  const form = useSchemaForm({
    schema: createTicketInput,
    initialValues: { subject: '', department: '', order_reference: orderReference, message: '' },
    onSubmit: async (input) => {
      if (attachmentProblem(files)) return
      const ticket = await createTicketFn({ data: toFormData(input, files) })
      await queryClient.invalidateQueries({ queryKey: ticketQueries.all })
      notify('success', `Ticket #${ticket.id} opened: we will text you when we answer`)
      await navigate({ to: '/buyer/tickets/$id/show', params: { id: String(ticket.id) } })
    },
  })
  return (
    <form {...form.formProps} className="flex flex-col gap-4">
      <FormError message={form.formError} />
      <TextField
        field={form.field('subject')}
        label="Subject"
        hint="In a few words, what is it about?"
        required
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <DepartmentField field={form.field('department')} />
        <TextField
          field={form.field('order_reference')}
          label="Order reference"
          hint="Optional: the order number, if it is about an order"
          autoComplete="off"
          dir="ltr"
        />
      </div>
      <TextAreaField field={form.field('message')} label="Message" rows={6} required />
      <AttachmentsField files={files} onChange={setFiles} />
      <Button type="submit" size="lg" disabled={form.submitting} className="sm:self-start">
        {form.submitting ? 'Opening the ticket…' : 'Open ticket'}
      </Button>
    </form>
  )
}
