import { useId, useRef, useState, type FormEvent } from 'react'
import * as v from 'valibot'
import { toApiError, type ApiError } from '~/lib/api-error'
import { errorsFromApi, errorsFromIssues, type FormErrors } from './form-errors'

type Values = Record<string, string>

export interface SchemaFormOptions<V extends Values, S extends v.GenericSchema> {
  /** The same valibot schema the server function validates with (its field names are the API's). */
  schema: S
  initialValues: V
  /** Values that are not fields (a registration ticket), merged in before validating. */
  extra?: Record<string, unknown>
  onSubmit: (output: v.InferOutput<S>) => Promise<void>
  /** After a failed submit (analytics); the messages are already on the form. */
  onError?: (error: ApiError) => void
}

export interface FieldProps {
  name: string
  value: string
  onChange: (event: { target: { value: string } }) => void
  error: string | undefined
}

export interface SchemaForm<V extends Values> {
  values: V
  errors: FormErrors<keyof V & string>
  formError: string | null
  submitting: boolean
  setValue: (name: keyof V & string, value: string) => void
  /** Props for an input: name, value, onChange, and the error its Field shows. */
  field: (name: keyof V & string) => FieldProps
  /** Spread on the <form>: its id (to find fields to focus), the submit handler, no browser bubbles. */
  formProps: { id: string; onSubmit: (event: FormEvent<HTMLFormElement>) => void; noValidate: true }
  /** Submits from code, with values not yet rendered (a code input that submits once complete). */
  submit: (latest?: Partial<V>) => void
  /** Clears the form, for a second use (the next step, after a success). */
  reset: (values?: V) => void
}

/**
 * A controlled form validated by a valibot schema, before sending and again by the server: the
 * first message of each field shows beside it, the server's 422 (or any error naming a field)
 * lands on the same fields, anything else above the form, and focus moves to what needs attention.
 */
export function useSchemaForm<V extends Values, S extends v.GenericSchema>(
  options: SchemaFormOptions<V, S>,
): SchemaForm<V> {
  type Name = keyof V & string
  const [values, setValues] = useState<V>(options.initialValues)
  const [errors, setErrors] = useState<FormErrors<Name>>({})
  const [formError, setFormError] = useState<string | null>(null)
  const [submitting, setSubmitting] = useState(false)
  const formId = useId()
  // Two submits in one tick (Enter plus a click) must not send twice.
  const busy = useRef(false)
  const names = Object.keys(options.initialValues) as Name[]

  function focusFirst(invalid: Name[]) {
    // Next frame: the messages must be in the page before the field that points at them has focus.
    requestAnimationFrame(() => {
      const form = document.getElementById(formId)
      if (!(form instanceof HTMLFormElement)) return
      for (const name of invalid) {
        const element = form.elements.namedItem(name)
        if (element instanceof HTMLElement) return element.focus()
      }
      form.querySelector<HTMLElement>('[data-form-error]')?.focus()
    })
  }

  function setValue(name: Name, value: string) {
    setValues((previous) => ({ ...previous, [name]: value }))
    // The message was about the old value: it goes as soon as the user changes it.
    setErrors((previous) => (previous[name] ? { ...previous, [name]: undefined } : previous))
  }

  function submit(latest: Partial<V> = {}) {
    if (busy.current) return
    const current = { ...values, ...latest }
    const parsed = v.safeParse(options.schema, { ...current, ...options.extra }, { abortPipeEarly: true })
    setFormError(null)
    if (!parsed.success) {
      const found = errorsFromIssues(parsed.issues, names)
      setErrors(found)
      if (!Object.keys(found).length) setFormError(parsed.issues[0]?.message ?? 'Check the form')
      focusFirst(names.filter((name) => found[name]))
      return
    }
    busy.current = true
    setErrors({})
    setSubmitting(true)
    options
      .onSubmit(parsed.output)
      .catch((thrown: unknown) => {
        const error = toApiError(thrown)
        const mapped = errorsFromApi(error, names)
        setErrors(mapped.errors)
        setFormError(mapped.formError)
        focusFirst(names.filter((name) => mapped.errors[name]))
        options.onError?.(error)
      })
      .finally(() => {
        busy.current = false
        setSubmitting(false)
      })
  }

  return {
    values,
    errors,
    formError,
    submitting,
    setValue,
    field: (name) => ({
      name,
      value: values[name] ?? '',
      onChange: (event) => setValue(name, event.target.value),
      error: errors[name],
    }),
    formProps: {
      id: formId,
      onSubmit: (event) => {
        event.preventDefault()
        submit()
      },
      noValidate: true,
    },
    submit,
    reset: (next = options.initialValues) => {
      setValues(next)
      setErrors({})
      setFormError(null)
    },
  }
}
