import * as v from 'valibot'
import { textSchema } from '~/lib/schema-pieces'
import { cn } from '~/lib/cn'
import type { ButtonVariant } from '../button'
import { FormError, useAppForm } from './app-form'

/**
 * A one-box search (help centre, outbox, orders): on TanStack Form like every form, the words
 * checked (length, no NUL) before the page's URL changes. `onSearch` gets the trimmed text, or
 * undefined when the box is empty (show everything again).
 */
export function SearchForm({
  label,
  labelHidden = false,
  initial = '',
  placeholder,
  maxLength = 100,
  buttonLabel = 'Search',
  buttonVariant = 'secondary',
  ariaLabel,
  type = 'search',
  dir,
  normalize = (text) => text,
  onSearch,
  className,
}: {
  label: string
  labelHidden?: boolean
  initial?: string
  placeholder?: string
  maxLength?: number
  buttonLabel?: string
  buttonVariant?: ButtonVariant
  /** The search landmark's name, when there are several on the page. */
  ariaLabel?: string
  type?: 'search' | 'tel'
  dir?: 'ltr'
  /** Applied to the trimmed text before it is searched for (e.g. upper case for order numbers). */
  normalize?: (text: string) => string
  onSearch: (q: string | undefined) => void
  className?: string
}) {
  const { form, formProps, formError } = useAppForm({
    schema: v.object({ q: textSchema(maxLength) }),
    defaultValues: { q: initial },
    onSubmit: async ({ q }) => onSearch(normalize(q) || undefined),
  })
  return (
    <form
      {...formProps}
      role="search"
      aria-label={ariaLabel}
      className={cn('flex flex-col gap-1.5', className)}
    >
      <FormError message={formError} />
      <div className="flex items-end gap-2">
        <form.AppField name="q">
          {(field) => (
            <field.TextField
              label={label}
              type={type}
              inputMode={type === 'tel' ? 'tel' : undefined}
              dir={dir}
              placeholder={placeholder}
              maxLength={maxLength}
              autoComplete="off"
              className={cn('min-w-0 flex-1', labelHidden && '[&_label]:sr-only')}
            />
          )}
        </form.AppField>
        <form.AppForm>
          <form.SubmitButton variant={buttonVariant}>{buttonLabel}</form.SubmitButton>
        </form.AppForm>
      </div>
    </form>
  )
}
