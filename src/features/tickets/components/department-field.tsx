import { SelectField } from '~/ui/form/fields'
import { ticketDepartments } from '~/lib/ticket-enums'
import { departmentLabel } from './ticket-badges'
import { m } from '~/lib/messages'

/** The support group a message goes to (the same three groups as the support chats); inside a form.AppField. */
export function DepartmentField({ label }: { label?: string }) {
  const options = ticketDepartments.map((department) => ({ value: department, label: departmentLabel(department) }))
  return (
    <SelectField
      label={label ?? m.account_department()}
      options={options}
      placeholder={m.account_department_choose()}
      required
    />
  )
}
