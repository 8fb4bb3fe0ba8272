import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useId } from 'react'
import type { User } from '~/features/auth/auth.schemas'
import { catalogQueries } from '~/features/catalog/catalog.queries'
import { updateCurrentUser } from '~/features/session/session.queries'
import { notify } from '~/lib/notify'
import { FormError, useAppForm } from '~/ui/form/app-form'
import { becomeSellerFn } from '../sellers.functions'
import { sellerQueries } from '../sellers.queries'
import { becomeSellerInput } from '../sellers.schemas'
import { BusinessContactFields, CONTACT_FIELDS } from './business-contact-fields'

/** The application: creates a pending seller (DOMAIN.md), then the seller dashboard shows its state. */
export function BecomeSellerForm({ user }: { user: User }) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const categoriesId = useId()
  const { data: categories = [] } = useQuery(catalogQueries.categoryTree())
  const { form, formProps, formError } = useAppForm({
    schema: becomeSellerInput,
    defaultValues: {
      business_name: '',
      legal_id: '',
      phone: user.cellphone,
      city: '',
      address: '',
      goods_category: '',
    },
    onSubmit: async (input) => {
      const result = await becomeSellerFn({ data: input })
      updateCurrentUser(queryClient, result.user)
      await queryClient.invalidateQueries({ queryKey: sellerQueries.all })
      notify('success', 'Application received: we will text you when it has been reviewed')
      await navigate({ to: '/seller' })
    },
  })
  return (
    <form {...formProps} className="flex flex-col gap-4">
      <FormError message={formError} />
      <form.AppField name="business_name">
        {(field) => (
          <field.TextField
            label="Business name"
            hint="As buyers will see it on your stores and invoices"
            autoComplete="organization"
            required
          />
        )}
      </form.AppField>
      <form.AppField name="legal_id">
        {(field) => (
          <field.TextField
            label="National or economic id"
            hint="10 to 12 digits"
            inputMode="numeric"
            autoComplete="off"
            dir="ltr"
            required
          />
        )}
      </form.AppField>
      <BusinessContactFields
        form={form}
        fields={CONTACT_FIELDS}
        phoneHint="A mobile or a landline with its area code"
      />
      <form.AppField name="goods_category">
        {(field) => (
          <field.TextField
            label="Category of goods"
            hint="What you mainly sell, e.g. Beverages"
            list={categoriesId}
            autoComplete="off"
            required
          />
        )}
      </form.AppField>
      <datalist id={categoriesId}>
        {categories.map((category) => (
          <option key={category.id} value={category.name} />
        ))}
      </datalist>
      <form.AppForm>
        <form.SubmitButton size="lg" busyLabel="Sending your application…" className="sm:self-start">
          Send application
        </form.SubmitButton>
      </form.AppForm>
    </form>
  )
}
