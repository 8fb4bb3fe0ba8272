import type { ComponentProps, ReactNode } from 'react'
import { cn } from '~/lib/cn'
import { Field } from '../field'
import { Input, inputClasses } from '../input'
import type { FieldProps } from './use-schema-form'

type InputProps = Omit<ComponentProps<'input'>, 'name' | 'value' | 'onChange' | 'id'>

/** A labelled input bound to a form field: the Field's label, hint and error, wired for screen readers. */
export function TextField({
  field,
  label,
  hint,
  required,
  className,
  ...input
}: InputProps & { field: FieldProps; label: ReactNode; hint?: ReactNode }) {
  const { error, ...bound } = field
  return (
    <Field label={label} hint={hint} error={error} required={required} className={className}>
      {(control) => <Input {...input} {...bound} {...control} />}
    </Field>
  )
}

/** The multi-line version (addresses, reasons). */
export function TextAreaField({
  field,
  label,
  hint,
  required,
  className,
  ...area
}: Omit<ComponentProps<'textarea'>, 'name' | 'value' | 'onChange' | 'id'> & {
  field: FieldProps
  label: ReactNode
  hint?: ReactNode
}) {
  const { error, ...bound } = field
  return (
    <Field label={label} hint={hint} error={error} required={required} className={className}>
      {(control) => (
        <textarea {...area} {...bound} {...control} className={cn(inputClasses, 'h-auto min-h-24 py-2')} />
      )}
    </Field>
  )
}

/**
 * What went wrong with the form as a whole (a rate limit, an expired step): above the fields,
 * announced, and focusable so the form can move focus to it.
 */
export function FormError({ message }: { message: string | null }) {
  if (!message) return null
  return (
    <p
      role="alert"
      tabIndex={-1}
      data-form-error=""
      className="rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium whitespace-pre-line text-red-800"
    >
      {message}
    </p>
  )
}
