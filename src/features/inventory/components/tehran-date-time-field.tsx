import { Field } from '~/ui/field'
import { useFieldError } from '~/ui/form/fields'
import { useFieldContext } from '~/ui/form/form-context'
import { Input } from '~/ui/input'

/**
 * A date and time on Tehran's wall clock, whatever the browser's zone: the field's value is the
 * `datetime-local` text itself ("2026-12-01T08:30"); the form converts it to an instant.
 */
export function TehranDateTimeField({
  label,
  hint,
  required,
}: {
  label: string
  hint?: string
  required?: boolean
}) {
  const field = useFieldContext<string>()
  const error = useFieldError(field)
  return (
    <Field label={label} hint={hint} error={error} required={required}>
      {(control) => (
        <Input
          {...control}
          type="datetime-local"
          name={field.name}
          dir="ltr"
          value={field.state.value ?? ''}
          onChange={(event) => field.handleChange(event.target.value)}
          onBlur={field.handleBlur}
        />
      )}
    </Field>
  )
}
