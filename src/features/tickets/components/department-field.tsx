import { SelectField } from '~/ui/form/fields'
import { departmentLabels, ticketDepartments } from '~/lib/ticket-enums'

const options = ticketDepartments.map((department) => ({
  value: department,
  label: departmentLabels[department],
}))

/** The support group a message goes to (the same three groups as the support chats); inside a form.AppField. */
export function DepartmentField({ label = 'Department' }: { label?: string }) {
  return <SelectField label={label} options={options} placeholder="Choose a department" required />
}
