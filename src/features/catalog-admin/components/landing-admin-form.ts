import { useAppForm } from '~/ui/form/app-form'
import { draftToInput, pageToDraft, type LandingDraft } from '../landing-admin-draft'
import { landingPageInput, type AdminLandingPage, type LandingPageInput } from '../landing-admin.schemas'

/**
 * The editor's TanStack form: every field as text (see landing-admin-draft.ts), checked with the
 * server's schema after the conversion, blocks as an array field.
 */
export function useLandingForm(
  page: AdminLandingPage | undefined,
  onSubmit: (input: LandingPageInput, saved: { markSaved: () => void }) => Promise<void>,
) {
  return useAppForm({
    schema: landingPageInput,
    defaultValues: pageToDraft(page) as LandingDraft,
    toInput: draftToInput,
    onSubmit,
  })
}

export type LandingForm = ReturnType<typeof useLandingForm>['form']
