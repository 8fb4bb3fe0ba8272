import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useId } from 'react'
import type { User } from '~/features/auth/auth.schemas'
import { catalogQueries } from '~/features/catalog/catalog.queries'
import { updateCurrentUser } from '~/features/session/session.queries'
import { notify } from '~/lib/notify'
import { Button } from '~/ui/button'
import { FormError, TextField } from '~/ui/form/text-field'
import { useSchemaForm } from '~/ui/form/use-schema-form'
import { becomeSellerFn } from '../sellers.functions'
import { sellerQueries } from '../sellers.queries'
import { becomeSellerInput } from '../sellers.schemas'
import { BusinessContactFields } from './business-contact-fields'

/** The application: creates a pending seller (DOMAIN.md), then the seller dashboard shows its state. */
export function BecomeSellerForm({ user }: { user: User }) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const categoriesId = useId()
  const { data: categories = [] } = useQuery(catalogQueries.categoryTree())
  const form = useSchemaForm({
    schema: becomeSellerInput,
    initialValues: {
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
    <form {...form.formProps} className="flex flex-col gap-4">
      <FormError message={form.formError} />
      <TextField
        field={form.field('business_name')}
        label="Business name"
        hint="As buyers will see it on your stores and invoices"
        autoComplete="organization"
        required
      />
      <TextField
        field={form.field('legal_id')}
        label="National or economic id"
        hint="10 to 12 digits"
        inputMode="numeric"
        autoComplete="off"
        dir="ltr"
        required
      />
      <BusinessContactFields field={form.field} phoneHint="A mobile or a landline with its area code" />
      <TextField
        field={form.field('goods_category')}
        label="Category of goods"
        hint="What you mainly sell, e.g. Beverages"
        list={categoriesId}
        autoComplete="off"
        required
      />
      <datalist id={categoriesId}>
        {categories.map((category) => (
          <option key={category.id} value={category.name} />
        ))}
      </datalist>
      <Button type="submit" size="lg" disabled={form.submitting} className="sm:self-start">
        {form.submitting ? 'Sending your application…' : 'Send application'}
      </Button>
    </form>
  )
}
