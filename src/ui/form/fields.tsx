import { useStore, type AnyFieldApi } from '@tanstack/react-form'
import { m } from '~/lib/messages'
import { useEffect, useId, useMemo, useState, type ComponentProps, type ReactNode } from 'react'
import { cn } from '~/lib/cn'
import { Button } from '../button'
import { Field } from '../field'
import { Input, inputClasses } from '../input'
import {
  clampQuantity,
  fileProblem,
  firstMessage,
  formatBytes,
  formatMoneyInput,
  groupDigits,
  isPreviewableImage,
  isoToDateTimeInput,
  dateTimeInputToIso,
  parseMoneyInput,
  parseQuantityInput,
  quantityProblem,
} from './field-logic'
import { useFieldContext, useFormContext } from './form-context'
import { readChecked, readValue, useKeepEarlyInput } from './keep-early-input'

/**
 * The message a field shows: the server's at once; a validation message once the user has left
 * the field or tried to submit (not while they are still typing their first value).
 */
export function useFieldError(field: AnyFieldApi, extra?: string | null): string | undefined {
  const attempted = useStore(field.form.store, (state) => state.submissionAttempts > 0)
  const meta = field.state.meta
  if (extra) return extra
  if (meta.errorMap.onServer) return firstMessage([meta.errorMap.onServer])
  if (!meta.isBlurred && !attempted) return undefined
  return firstMessage(meta.errors)
}

interface LabelProps {
  label: ReactNode
  hint?: ReactNode
  required?: boolean
  className?: string
}

type InputProps = Omit<ComponentProps<'input'>, 'name' | 'value' | 'onChange' | 'id' | 'onBlur' | 'type'> & {
  type?: 'text' | 'email' | 'tel' | 'password' | 'url' | 'search'
}

/** A labelled text input bound to its TanStack field. */
export function TextField({ label, hint, required, className, ...input }: InputProps & LabelProps) {
  const field = useFieldContext<string>()
  const error = useFieldError(field)
  const ref = useKeepEarlyInput(field.state.value ?? '', readValue<HTMLInputElement>, (typed) =>
    field.handleChange(typed),
  )
  return (
    <Field label={label} hint={hint} error={error} required={required} className={className}>
      {(control) => (
        <Input
          {...input}
          {...control}
          ref={ref}
          name={field.name}
          value={field.state.value ?? ''}
          onChange={(event) => field.handleChange(event.target.value)}
          onBlur={field.handleBlur}
        />
      )}
    </Field>
  )
}

/** The multi-line version (addresses, reasons). */
export function TextAreaField({
  label,
  hint,
  required,
  className,
  ...area
}: Omit<ComponentProps<'textarea'>, 'name' | 'value' | 'onChange' | 'id' | 'onBlur'> & LabelProps) {
  const field = useFieldContext<string>()
  const error = useFieldError(field)
  const ref = useKeepEarlyInput(field.state.value ?? '', readValue<HTMLTextAreaElement>, (typed) =>
    field.handleChange(typed),
  )
  return (
    <Field label={label} hint={hint} error={error} required={required} className={className}>
      {(control) => (
        <textarea
          {...area}
          {...control}
          ref={ref}
          name={field.name}
          value={field.state.value ?? ''}
          onChange={(event) => field.handleChange(event.target.value)}
          onBlur={field.handleBlur}
          className={cn(inputClasses, 'h-auto min-h-24 py-2')}
        />
      )}
    </Field>
  )
}

export interface Choice {
  value: string
  label: ReactNode
  disabled?: boolean
}

/** A native select (keyboard and screen readers behave as the platform does). */
export function SelectField({
  label,
  hint,
  required,
  className,
  options,
  placeholder,
  placeholderSelectable = false,
  ...select
}: Omit<ComponentProps<'select'>, 'name' | 'value' | 'onChange' | 'id' | 'onBlur'> &
  LabelProps & {
    options: readonly Choice[]
    /** A first, empty choice ("Choose a department"); not choosable again unless `placeholderSelectable`. */
    placeholder?: string
    placeholderSelectable?: boolean
  }) {
  const field = useFieldContext<string>()
  const error = useFieldError(field)
  const ref = useKeepEarlyInput(field.state.value ?? '', readValue<HTMLSelectElement>, (chosen) =>
    field.handleChange(chosen),
  )
  return (
    <Field label={label} hint={hint} error={error} required={required} className={className}>
      {(control) => (
        <select
          {...select}
          {...control}
          ref={ref}
          name={field.name}
          value={field.state.value ?? ''}
          onChange={(event) => field.handleChange(event.target.value)}
          onBlur={field.handleBlur}
          className={inputClasses}
        >
          {placeholder !== undefined ? (
            <option value="" disabled={!placeholderSelectable}>
              {placeholder}
            </option>
          ) : null}
          {options.map((option) => (
            <option key={option.value} value={option.value} disabled={option.disabled}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  )
}

/** A checkbox with its label beside it; the value is a boolean. */
export function CheckboxField({
  label,
  hint,
  className,
  disabled,
}: {
  label: ReactNode
  hint?: ReactNode
  className?: string
  disabled?: boolean
}) {
  const field = useFieldContext<boolean>()
  const error = useFieldError(field)
  const id = useId()
  const hintId = hint ? `${id}-hint` : undefined
  const errorId = error ? `${id}-error` : undefined
  const ref = useKeepEarlyInput(field.state.value === true, readChecked, (checked) =>
    field.handleChange(checked),
  )
  return (
    <div className={cn('flex items-start gap-2', className)}>
      <input
        ref={ref}
        id={id}
        type="checkbox"
        name={field.name}
        checked={field.state.value === true}
        disabled={disabled}
        onChange={(event) => field.handleChange(event.target.checked)}
        onBlur={field.handleBlur}
        aria-invalid={error ? true : undefined}
        aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
        className="mt-0.5 size-4 accent-brand-600"
      />
      <div className="flex flex-col gap-0.5">
        <label htmlFor={id} className="text-sm text-ink">
          {label}
        </label>
        {hint ? (
          <span id={hintId} className="text-xs text-stone-600">
            {hint}
          </span>
        ) : null}
        {error ? (
          <span id={errorId} role="alert" className="text-xs font-medium text-red-700">
            {error}
          </span>
        ) : null}
      </div>
    </div>
  )
}

/** One choice of several, as radio buttons in a labelled group. */
export function RadioGroupField({
  label,
  hint,
  required,
  className,
  options,
}: LabelProps & { options: readonly Choice[] }) {
  const field = useFieldContext<string>()
  const error = useFieldError(field)
  const id = useId()
  const hintId = hint ? `${id}-hint` : undefined
  const errorId = error ? `${id}-error` : undefined
  const ref = useKeepEarlyInput(
    options.some((option) => option.value === field.state.value) ? field.state.value : null,
    (fieldset: HTMLFieldSetElement) =>
      fieldset.querySelector<HTMLInputElement>('input[type="radio"]:checked')?.value ?? null,
    (chosen) => (chosen === null ? undefined : field.handleChange(chosen)),
  )
  return (
    <fieldset
      ref={ref}
      className={cn('flex flex-col gap-1.5', className)}
      aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend className="mb-1.5 text-sm font-medium text-ink">
        {label}
        {required ? (
          <span aria-hidden="true" className="ms-0.5 text-red-700">
            *
          </span>
        ) : null}
      </legend>
      {options.map((option, index) => (
        <label key={option.value} className="flex items-center gap-2 text-sm text-ink">
          <input
            type="radio"
            name={field.name}
            value={option.value}
            checked={field.state.value === option.value}
            disabled={option.disabled}
            onChange={() => field.handleChange(option.value)}
            onBlur={field.handleBlur}
            aria-invalid={error && index === 0 ? true : undefined}
            className="size-4 accent-brand-600"
          />
          {option.label}
        </label>
      ))}
      {hint ? (
        <p id={hintId} className="text-xs text-stone-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} role="alert" className="text-xs font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  )
}

/**
 * An amount of money: digits (Persian or Latin) grouped in threes while typing, the currency
 * beside it, and an integer number of minor units (or null when empty) as the field's value.
 */
export function MoneyField({
  label,
  hint,
  required,
  className,
  currency = 'IRR',
  ...input
}: Omit<InputProps, 'type' | 'inputMode'> & LabelProps & { currency?: string }) {
  const field = useFieldContext<number | null>()
  const error = useFieldError(field)
  const value = field.state.value
  const shown = (amount: number | null) =>
    typeof amount === 'number' && Number.isFinite(amount) ? groupDigits(String(amount)) : ''
  const [text, setText] = useState(() => shown(value))
  // A reset or a value set from code shows up in the input too.
  const [synced, setSynced] = useState(value)
  if (!Object.is(value, synced)) {
    setSynced(value)
    if (!Object.is(parseMoneyInput(text), value)) setText(shown(value))
  }
  const enter = (typed: string) => {
    const shown = formatMoneyInput(typed)
    setText(shown)
    field.handleChange(parseMoneyInput(shown))
  }
  const ref = useKeepEarlyInput(text, readValue<HTMLInputElement>, enter)
  return (
    <Field label={label} hint={hint} error={error} required={required} className={className}>
      {(control) => (
        <div className="relative">
          <Input
            {...input}
            {...control}
            ref={ref}
            name={field.name}
            inputMode="numeric"
            dir="ltr"
            value={text}
            onChange={(event) => enter(event.target.value)}
            onBlur={field.handleBlur}
            className={currency ? 'pe-14' : undefined}
          />
          {currency ? (
            <span className="pointer-events-none absolute inset-y-0 end-3 flex items-center text-sm text-stone-600">
              {currency}
            </span>
          ) : null}
        </div>
      )}
    </Field>
  )
}

/** A whole number between min and max, with − and + buttons; the value is a number or null. */
export function QuantityField({
  label,
  hint,
  required,
  className,
  min,
  max,
  step = 1,
  ...input
}: Omit<InputProps, 'type' | 'inputMode' | 'min' | 'max' | 'step'> &
  LabelProps & { min?: number; max?: number; step?: number }) {
  const field = useFieldContext<number | null>()
  const value = field.state.value
  const [text, setText] = useState(() => (typeof value === 'number' ? String(value) : ''))
  const [synced, setSynced] = useState(value)
  if (!Object.is(value, synced)) {
    setSynced(value)
    if (!Object.is(parseQuantityInput(text), value)) setText(typeof value === 'number' ? String(value) : '')
  }
  const bounds = { min, max }
  const touched = field.state.meta.isBlurred
  const local = touched ? quantityProblem(parseQuantityInput(text), bounds) : null
  const error = useFieldError(field, local)
  const set = (next: number) => {
    const clamped = clampQuantity(next, bounds)
    setText(String(clamped))
    field.handleChange(clamped)
  }
  const current = typeof value === 'number' && Number.isFinite(value) ? value : (min ?? 0)
  const enter = (typed: string) => {
    setText(typed)
    field.handleChange(parseQuantityInput(typed))
  }
  const ref = useKeepEarlyInput(text, readValue<HTMLInputElement>, enter)
  return (
    <Field label={label} hint={hint} error={error} required={required} className={className}>
      {(control) => (
        <div className="flex items-center gap-1">
          <Button
            variant="secondary"
            aria-label={m.content_decrease()}
            disabled={input.disabled || (min !== undefined && current <= min)}
            onClick={() => set(current - step)}
          >
            −
          </Button>
          <Input
            {...input}
            {...control}
            ref={ref}
            name={field.name}
            inputMode="numeric"
            dir="ltr"
            value={text}
            onChange={(event) => enter(event.target.value)}
            onBlur={field.handleBlur}
            className="w-24 text-center"
          />
          <Button
            variant="secondary"
            aria-label={m.content_increase()}
            disabled={input.disabled || (max !== undefined && current >= max)}
            onClick={() => set(current + step)}
          >
            +
          </Button>
        </div>
      )}
    </Field>
  )
}

/**
 * A date ("2026-11-24") or, with `withTime`, a moment (UTC ISO string). One component, so the
 * locale work can switch it to the Persian calendar in one place.
 */
export function DateField({
  label,
  hint,
  required,
  className,
  withTime = false,
  min,
  max,
  disabled,
}: LabelProps & { withTime?: boolean; min?: string; max?: string; disabled?: boolean }) {
  const field = useFieldContext<string>()
  const error = useFieldError(field)
  const value = field.state.value ?? ''
  const enter = (typed: string) => field.handleChange(withTime ? (dateTimeInputToIso(typed) ?? '') : typed)
  const ref = useKeepEarlyInput(
    withTime ? isoToDateTimeInput(value) : value,
    readValue<HTMLInputElement>,
    enter,
  )
  return (
    <Field label={label} hint={hint} error={error} required={required} className={className}>
      {(control) => (
        <Input
          {...control}
          ref={ref}
          type={withTime ? 'datetime-local' : 'date'}
          name={field.name}
          dir="ltr"
          min={min}
          max={max}
          disabled={disabled}
          value={withTime ? isoToDateTimeInput(value) : value}
          onChange={(event) => enter(event.target.value)}
          onBlur={field.handleBlur}
        />
      )}
    </Field>
  )
}

/**
 * A file, checked in the browser (type and size) before anything is uploaded, with a preview
 * for images. The value is the chosen File, or null.
 */
export function FileField({
  label,
  hint,
  required,
  className,
  accept,
  maxBytes,
  disabled,
}: LabelProps & { accept?: string; maxBytes?: number; disabled?: boolean }) {
  const field = useFieldContext<File | null>()
  const [problem, setProblem] = useState<string | null>(null)
  const error = useFieldError(field, problem)
  const file = field.state.value
  const preview = useMemo(
    () => (file && isPreviewableImage(file.type) ? URL.createObjectURL(file) : null),
    [file],
  )
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview])
  const choose = (chosen: File | null, input: HTMLInputElement) => {
    const found = chosen ? fileProblem(chosen, { accept, maxBytes }) : null
    setProblem(found)
    if (found) {
      input.value = ''
      field.handleChange(null)
    } else field.handleChange(chosen)
  }
  const ref = useKeepEarlyInput(null, (input: HTMLInputElement) => input.files?.[0] ?? null, choose)
  const rules = [
    hint,
    maxBytes !== undefined ? m.content_upload_up_to({ size: formatBytes(maxBytes) }) : null,
  ].filter(Boolean)
  return (
    <Field
      label={label}
      hint={rules.length ? rules.join(' · ') : undefined}
      error={error}
      required={required}
      className={className}
    >
      {(control) => (
        <div className="flex flex-col gap-2">
          <input
            {...control}
            ref={ref}
            type="file"
            name={field.name}
            accept={accept}
            disabled={disabled}
            onBlur={field.handleBlur}
            onChange={(event) => choose(event.target.files?.[0] ?? null, event.target)}
            className="text-sm text-ink file:me-3 file:rounded-lg file:border-0 file:bg-stone-100 file:px-3 file:py-2 file:text-sm file:font-medium"
          />
          {preview ? (
            <img src={preview} alt="" className="size-24 rounded-lg border border-stone-200 object-cover" />
          ) : null}
        </div>
      )}
    </Field>
  )
}

/** The submit button: disabled and showing `busyLabel` while the form is sending. */
export function SubmitButton({
  children,
  busyLabel,
  ...button
}: Omit<ComponentProps<typeof Button>, 'type'> & { busyLabel?: ReactNode }) {
  const form = useFormContext()
  const submitting = useStore(form.store, (state) => state.isSubmitting)
  return (
    <Button
      {...button}
      type="submit"
      disabled={button.disabled || submitting}
      aria-busy={submitting || undefined}
    >
      {submitting && busyLabel ? busyLabel : children}
    </Button>
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
