/**
 * Every form in Omdeh runs on @tanstack/react-form through `useAppForm` below.
 *
 * - Validation runs the same valibot schema the server function validates with, on blur and on
 *   submit (first message per field, as the server words it).
 * - A failed submit's `fieldErrors` (the server's 422) land on the fields of the same names
 *   (nested ones too: `blocks[0].heading`); anything else shows above the form (`<FormError>`).
 * - Focus moves to the first field that needs attention (or the message above the form).
 * - A second submit while one is in flight is ignored; `form.SubmitButton` shows the busy label.
 * - The field components (text, textarea, select, checkbox, radio group, money, quantity,
 *   date / date-time, file) wire label, hint, `aria-invalid` and `aria-describedby` once.
 *
 * Usage:
 *
 * ```tsx
 * const { form, formProps, formError } = useAppForm({
 *   schema: createStoreInput,                       // the server function's valibot schema
 *   defaultValues: { name: '', min_order: null as number | null, opens_on: '', logo: null as File | null },
 *   extra: { seller_id: sellerId },                 // optional: values that are not fields
 *   onSubmit: async (input) => {                    // input = v.InferOutput<typeof schema>
 *     await createStoreFn({ data: input })          // throw (ApiError/HttpError) → messages land on fields
 *     notify('success', 'Store created')
 *   },
 * })
 * return (
 *   <form {...formProps} aria-label="New store" className="flex flex-col gap-4">
 *     <FormError message={formError} />
 *     <form.AppField name="name">{(field) => <field.TextField label="Name" required />}</form.AppField>
 *     <form.AppField name="min_order">
 *       {(field) => <field.MoneyField label="Minimum order" currency="IRR" />}
 *     </form.AppField>
 *     <form.AppField name="opens_on">{(field) => <field.DateField label="Opens on" />}</form.AppField>
 *     <form.AppField name="logo">
 *       {(field) => <field.FileField label="Logo" accept="image/png,image/jpeg" maxBytes={2_000_000} />}
 *     </form.AppField>
 *     <form.AppForm><form.SubmitButton busyLabel="Saving…">Save</form.SubmitButton></form.AppForm>
 *   </form>
 * )
 * ```
 *
 * Arrays: `<form.AppField name="tiers" mode="array">{(tiers) => tiers.state.value.map((_, i) =>
 * <form.AppField key={i} name={`tiers[${i}].min_quantity`}>{(f) => <f.QuantityField label="From" min={1} />}</form.AppField>)}</form.AppField>`
 * with `tiers.pushValue(...)`, `tiers.removeValue(i)`, `tiers.moveValue(from, to)`.
 *
 * Long editors: `<UnsavedChangesGuard when={dirty} />` (see ./unsaved-changes.tsx) asks before leaving.
 */
import { createFormHook, useStore, type AnyFieldApi } from '@tanstack/react-form'
import { useId, useRef, useState, type FormEvent } from 'react'
import * as v from 'valibot'
import { toApiError, type ApiError } from '~/lib/api-error'
import { messagesByField } from './field-logic'
import { fieldContext, formContext } from './form-context'
import {
  CheckboxField,
  DateField,
  FileField,
  MoneyField,
  QuantityField,
  RadioGroupField,
  SelectField,
  SubmitButton,
  TextAreaField,
  TextField,
} from './fields'

const {
  useAppForm: useTanstackAppForm,
  withForm,
  withFieldGroup,
} = createFormHook({
  fieldContext,
  formContext,
  fieldComponents: {
    TextField,
    TextAreaField,
    SelectField,
    CheckboxField,
    RadioGroupField,
    MoneyField,
    QuantityField,
    DateField,
    FileField,
  },
  formComponents: { SubmitButton },
})

export { withFieldGroup, withForm }
export { FormError } from './fields'
export { UnsavedChangesGuard } from './unsaved-changes'

export interface AppFormOptions<V extends object, S extends v.GenericSchema> {
  /** The same valibot schema the server function validates with (its field names are the API's). */
  schema: S
  defaultValues: V
  /** Values that are not fields (a registration ticket, an id), merged in before validating. */
  extra?: Record<string, unknown>
  /**
   * For forms whose fields hold text that the schema reads differently (a pasted address, one
   * slug a line): the values as the schema's input, and messages the conversion itself found.
   * By default the values (and `extra`) are the input.
   */
  toInput?: (values: V) => { input: unknown; errors?: Record<string, string> }
  /**
   * Sends the checked input. `saved.markSaved()` makes the submitted values the form's new
   * starting point (a long editor that stays open: nothing is unsaved any more).
   */
  onSubmit: (output: v.InferOutput<S>, saved: { markSaved: () => void }) => Promise<void>
  /** After a failed submit (analytics); the messages are already on the form. */
  onError?: (error: ApiError) => void
}

const CLEARED = { onServer: undefined, onSubmit: undefined, onBlur: undefined }

/**
 * A message's path (the server's `blocks.2.slugs.4` or the schema's `blocks[2].search.category`)
 * as the nearest field the form renders (`blocks[2].slugs`), or null when it names none.
 */
export function nearestField(path: string, fieldInfo: object): string | null {
  const parts = path
    .replace(/\.(\d+)(?=\.|$)/g, '[$1]')
    .split(/(?=\[)|\./)
    .filter(Boolean)
  for (let end = parts.length; end > 0; end--) {
    const name = parts.slice(0, end).join('.').replace(/\.\[/g, '[')
    if (name in fieldInfo) return name
  }
  return null
}

/** Server messages that name a field of this form go on it; the rest is one message above the form. */
function applyServerErrors(
  form: { fieldInfo: object; setFieldMeta: (name: never, updater: (meta: never) => unknown) => void },
  error: ApiError,
): { formError: string | null; fieldsSet: number } {
  let unmatched = !error.fieldErrors
  let fieldsSet = 0
  for (const [path, messages] of Object.entries(error.fieldErrors ?? {})) {
    const name = nearestField(path, form.fieldInfo)
    if (name && messages[0]) {
      const message = messages[0]
      form.setFieldMeta(
        name as never,
        ((meta: { errorMap: object }) => ({
          ...meta,
          errorMap: { ...meta.errorMap, onServer: message },
        })) as never,
      )
      fieldsSet++
    } else unmatched = true
  }
  return { formError: fieldsSet > 0 && !unmatched ? null : error.message, fieldsSet }
}

/** Focuses the first invalid control of the form (next frame, once the messages are rendered). */
export function focusFirstInvalid(formId: string) {
  requestAnimationFrame(() => {
    const form = document.getElementById(formId)
    if (!(form instanceof HTMLFormElement)) return
    const invalid = form.querySelector<HTMLElement>('[aria-invalid="true"]')
    if (invalid) return invalid.focus()
    form.querySelector<HTMLElement>('[data-form-error]')?.focus()
  })
}

/** A TanStack form validated by a valibot schema, with the server's errors mapped onto it. See the top of this file. */
export function useAppForm<V extends object, S extends v.GenericSchema>(options: AppFormOptions<V, S>) {
  const [formError, setFormError] = useState<string | null>(null)
  const formId = useId()
  const sending = useRef(false)
  // useForm hands the latest options to the form on every render, so these closures stay current.

  const check = (value: V) => {
    const { input, errors = {} } = options.toInput?.(value) ?? { input: { ...value, ...options.extra } }
    const parsed = v.safeParse(options.schema, input, { abortPipeEarly: true })
    const found = parsed.success ? { fields: {}, form: null } : messagesByField(parsed.issues)
    // Messages go on the nearest field the form shows (the schema may look deeper into a value).
    const fields: Record<string, string> = {}
    for (const [path, message] of Object.entries({ ...errors, ...found.fields })) {
      const name = nearestField(path, form.fieldInfo) ?? path
      fields[name] ??= message
    }
    return { parsed, fields, form: found.form }
  }

  const validate = ({ value }: { value: V }) => {
    const { fields, form: whole } = check(value)
    if (!Object.keys(fields).length && !whole) return undefined
    return { form: whole ?? undefined, fields }
  }

  const form = useTanstackAppForm({
    defaultValues: options.defaultValues,
    // Every submit validates again and moves focus, even with messages already showing.
    canSubmitWhenInvalid: true,
    validators: { onBlur: validate, onSubmit: validate },
    listeners: {
      // A message was about the old value: it goes as soon as the user changes it (blur checks again).
      onChange: ({ fieldApi }: { fieldApi: AnyFieldApi }) => {
        const map = fieldApi.state.meta.errorMap
        if (map.onServer || map.onSubmit || map.onBlur)
          fieldApi.setMeta((meta) => ({ ...meta, errorMap: { ...meta.errorMap, ...CLEARED } }))
      },
    },
    onSubmitInvalid: ({ value }) => {
      const { parsed, fields, form: whole } = check(value)
      const shown = Object.keys(fields).some((name) => name in form.fieldInfo)
      setFormError(shown ? null : (whole ?? parsed.issues?.[0]?.message ?? 'Check the form'))
      focusFirstInvalid(formId)
    },
    onSubmit: async ({ value }) => {
      setFormError(null)
      const { parsed } = check(value)
      if (!parsed.success) return
      try {
        await options.onSubmit(parsed.output, { markSaved: () => form.reset(value) })
      } catch (thrown) {
        const error = toApiError(thrown)
        setFormError(applyServerErrors(form as never, error).formError)
        focusFirstInvalid(formId)
        options.onError?.(error)
      }
    },
  })

  const submit = () => {
    // Two submits in one tick (Enter plus a click) must not send twice.
    if (sending.current || form.state.isSubmitting) return
    sending.current = true
    void form.handleSubmit().finally(() => {
      sending.current = false
    })
  }

  const submitting = useStore(form.store, (state) => state.isSubmitting)
  return {
    form,
    formError,
    /** True while the submit is in flight (for buttons outside `form.SubmitButton`). */
    submitting,
    /** Spread on the <form>: its id (to find fields to focus), the submit handler, no browser bubbles. */
    formProps: {
      id: formId,
      noValidate: true as const,
      onSubmit: (event: FormEvent<HTMLFormElement>) => {
        event.preventDefault()
        event.stopPropagation()
        submit()
      },
    },
    /** Submits from code (a code input that submits once complete). */
    submit,
    /** Clears the form, for a second use (the next step, after a success). */
    reset: (values?: V) => {
      form.reset(values)
      setFormError(null)
    },
  }
}

/** Whether the form has changes not yet saved (for the leave guard). */
export function useFormDirty(form: { store: Parameters<typeof useStore>[0] }): boolean {
  return useStore(form.store as never, (state: { isDirty: boolean; isSubmitting: boolean }) => state.isDirty)
}
