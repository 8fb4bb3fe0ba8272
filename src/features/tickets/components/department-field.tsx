import { Field } from '~/ui/field'
import type { FieldProps } from '~/ui/form/use-schema-form'
import { inputClasses } from '~/ui/input'
import { departmentLabels, ticketDepartments } from '../ticket-enums'

/** The support group a message goes to (the same three groups as the support chats). */
export function DepartmentField({ field, label = 'Department' }: { field: FieldProps; label?: string }) {
  const { error, ...bound } = field
  return (
    <Field label={label} error={error} required>
      {(control) => (
        <select {...bound} {...control} className={inputClasses}>
          <option value="" disabled>
            Choose a department
          </option>
          {ticketDepartments.map((department) => (
            <option key={department} value={department}>
              {departmentLabels[department]}
            </option>
          ))}
        </select>
      )}
    </Field>
  )
}
