import { createFormHookContexts } from '@tanstack/react-form'

/** The contexts the field components read their TanStack field and form from (see ./app-form). */
export const { fieldContext, formContext, useFieldContext, useFormContext } = createFormHookContexts()
