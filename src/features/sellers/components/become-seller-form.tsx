import { useQuery, useQueryClient } from '@tanstack/react-query'
import { m } from '~/lib/messages'
import { useNavigate } from '@tanstack/react-router'
import { useId } from 'react'
import { type User, updateCurrentUser } from '~/features/auth'
import { catalogQueries } from '~/features/catalog'
import { formatNumber } from '~/lib/money'
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
      notify('success', m.content_apply_received())
      await navigate({ to: '/seller' })
    },
  })
  return (
    <form {...formProps} className="flex flex-col gap-4">
      <FormError message={formError} />
      <form.AppField name="business_name">
        {(field) => (
          <field.TextField
            label={m.content_business_name()}
            hint={m.content_business_name_hint()}
            autoComplete="organization"
            required
          />
        )}
      </form.AppField>
      <form.AppField name="legal_id">
        {(field) => (
          <field.TextField
            label={m.content_legal_id()}
            hint={m.content_legal_id_hint({ min: formatNumber(10), max: formatNumber(12) })}
            inputMode="numeric"
            autoComplete="off"
            dir="ltr"
            required
          />
        )}
      </form.AppField>
      <BusinessContactFields form={form} fields={CONTACT_FIELDS} phoneHint={m.content_phone_hint()} />
      <form.AppField name="goods_category">
        {(field) => (
          <field.TextField
            label={m.content_goods_category()}
            hint={m.content_goods_category_hint()}
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
        <form.SubmitButton size="lg" busyLabel={m.content_apply_sending()} className="sm:self-start">
          {m.content_apply_send()}
        </form.SubmitButton>
      </form.AppForm>
    </form>
  )
}
