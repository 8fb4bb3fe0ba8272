import * as v from 'valibot'
import type { ApiError } from '~/lib/api-error'

/** One message per field (the first rule a value breaks), as the form shows it beside the field. */
export type FormErrors<Name extends string> = Partial<Record<Name, string>>

/** valibot issues as per-field messages for the fields the form has; others are left out. */
export function errorsFromIssues<Name extends string>(
  issues: readonly v.BaseIssue<unknown>[],
  fields: readonly Name[],
): FormErrors<Name> {
  const errors: FormErrors<Name> = {}
  for (const issue of issues) {
    const key = issue.path?.[0]?.key
    const name = (typeof key === 'string' ? key : '') as Name
    if (fields.includes(name) && !errors[name]) errors[name] = issue.message
  }
  return errors
}

/**
 * A failed submit as the form shows it: the server's per-field messages (a 422, or a wrong code)
 * beside their fields, and anything that names no field of this form as one message above it.
 */
export function errorsFromApi<Name extends string>(
  error: ApiError,
  fields: readonly Name[],
): { errors: FormErrors<Name>; formError: string | null } {
  const errors: FormErrors<Name> = {}
  let unmatched = !error.fieldErrors
  for (const [field, messages] of Object.entries(error.fieldErrors ?? {})) {
    if (fields.includes(field as Name) && messages[0]) errors[field as Name] = messages[0]
    else unmatched = true
  }
  const fieldsOnly = Object.keys(errors).length > 0 && !unmatched
  return { errors, formError: fieldsOnly ? null : error.message }
}
