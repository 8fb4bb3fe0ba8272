import { useQueryClient } from '@tanstack/react-query'
import { m } from '~/lib/messages'
import type { ReactNode } from 'react'
import { constants } from '#app-config'
import { refetchCurrentUser } from '~/features/auth'
import { formatMoney, formatNumber } from '~/lib/money'
import { notify } from '~/lib/notify'
import { FormError, useAppForm, withFieldGroup } from '~/ui/form/app-form'
import { updateSellerProfileFn } from '../sellers.functions'
import { sellerQueries } from '../sellers.queries'
import { updateSellerProfileInput, type SellerProfileView } from '../sellers.schemas'
import { SellerStatusBadge } from './seller-status'
import { BusinessContactFields, CONTACT_FIELDS } from './business-contact-fields'
import { formatTehranDay } from '~/lib/tehran-time'

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-xs font-medium tracking-wide text-stone-500 uppercase">{term}</dt>
      <dd className="text-sm break-words text-ink">{children}</dd>
    </div>
  )
}

/** What only an administrator changes: the legal identity and the status. */
function FixedDetails({ seller }: { seller: SellerProfileView }) {
  return (
    <dl className="grid gap-4 rounded-2xl bg-stone-50 p-4 sm:grid-cols-3">
      <Detail term={m.content_legal_name()}>{seller.legal_name}</Detail>
      <Detail term={m.content_legal_id()}>
        <span dir="ltr">{seller.national_id}</span>
      </Detail>
      <Detail term={m.content_status()}>
        <SellerStatusBadge status={seller.status} />
      </Detail>
    </dl>
  )
}

/** /seller/profile: the owner edits the business details; an observer reads them (DOMAIN.md). */
export function SellerProfile({ seller }: { seller: SellerProfileView }) {
  return (
    <div className="flex flex-col gap-6">
      <FixedDetails seller={seller} />
      {seller.can_edit ? <SellerProfileForm seller={seller} /> : <ReadOnlyDetails seller={seller} />}
    </div>
  )
}

function ReadOnlyDetails({ seller }: { seller: SellerProfileView }) {
  return (
    <section aria-labelledby="business-title" className="flex flex-col gap-4">
      <h2 id="business-title" className="text-lg font-semibold text-ink">
        {m.content_business_details()}
      </h2>
      <p className="rounded-xl border border-stone-200 bg-white px-4 py-3 text-sm text-stone-700">
        {m.content_observer_read_only()}
      </p>
      <dl className="grid gap-4 sm:grid-cols-2">
        <Detail term={m.content_display_name()}>{seller.display_name}</Detail>
        <Detail term={m.content_display_name_fa_term()}>
          {seller.display_name_fa ? (
            <span lang="fa" dir="rtl">
              {seller.display_name_fa}
            </span>
          ) : (
            '—'
          )}
        </Detail>
        <Detail term={m.content_business_phone()}>
          <span dir="ltr">{seller.phone}</span>
        </Detail>
        <Detail term={m.content_city()}>{seller.city}</Detail>
        <Detail term={m.content_goods_category()}>{seller.goods_category ?? '—'}</Detail>
        <Detail term={m.content_address()}>{seller.address}</Detail>
        <Detail term={m.content_delivery_fee()}>{formatMoney(seller.delivery_fee)}</Detail>
        <Detail term={m.content_free_delivery_from()}>
          {seller.free_delivery_threshold === null
            ? m.content_never()
            : formatMoney(seller.free_delivery_threshold)}
        </Detail>
        <Detail term={m.content_seller_since()}>{formatTehranDay(seller.created_at)}</Detail>
      </dl>
    </section>
  )
}

function SellerProfileForm({ seller }: { seller: SellerProfileView }) {
  const queryClient = useQueryClient()
  const { form, formProps, formError } = useAppForm({
    schema: updateSellerProfileInput,
    defaultValues: {
      display_name: seller.display_name,
      display_name_fa: seller.display_name_fa ?? '',
      phone: seller.phone,
      city: seller.city,
      address: seller.address,
      goods_category: seller.goods_category ?? '',
      delivery_fee: seller.delivery_fee as number | null,
      free_delivery_threshold: seller.free_delivery_threshold,
    },
    onSubmit: async (input) => {
      const updated = await updateSellerProfileFn({ data: input })
      queryClient.setQueryData(sellerQueries.profile().queryKey, updated)
      // The header and menus show the seller's display name from the user.
      await refetchCurrentUser(queryClient)
      notify('success', m.content_business_details_saved())
    },
  })
  return (
    <section aria-labelledby="business-title" className="flex flex-col gap-4">
      <h2 id="business-title" className="text-lg font-semibold text-ink">
        {m.content_business_details()}
      </h2>
      <form {...formProps} className="flex flex-col gap-4">
        <FormError message={formError} />
        <form.AppField name="display_name">
          {(field) => (
            <field.TextField
              label={m.content_display_name()}
              hint={m.content_display_name_hint()}
              autoComplete="organization"
              required
            />
          )}
        </form.AppField>
        <form.AppField name="display_name_fa">
          {(field) => (
            <field.TextField
              label={m.content_display_name_fa()}
              hint={m.content_display_name_fa_hint()}
              dir="rtl"
              lang="fa"
            />
          )}
        </form.AppField>
        <BusinessContactFields form={form} fields={CONTACT_FIELDS} />
        <form.AppField name="goods_category">
          {(field) => <field.TextField label={m.content_goods_category()} required />}
        </form.AppField>
        <DeliveryFields
          form={form}
          fields={{ delivery_fee: 'delivery_fee', free_delivery_threshold: 'free_delivery_threshold' }}
        />
        <form.AppForm>
          <form.SubmitButton busyLabel={m.content_saving()} className="sm:self-start">
            {m.content_save_changes()}
          </form.SubmitButton>
        </form.AppForm>
      </form>
    </section>
  )
}

/** What checkout charges for seller delivery (issue #7): a fee per order, free from an amount. */
const DeliveryFields = withFieldGroup({
  defaultValues: { delivery_fee: 0 as number | null, free_delivery_threshold: null as number | null },
  render: function Render({ group }) {
    return (
      <fieldset className="flex flex-col gap-3 rounded-2xl border border-stone-200 p-4">
        <legend className="px-1 text-sm font-semibold text-ink">{m.content_delivery()}</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <group.AppField name="delivery_fee">
            {(field) => (
              <field.MoneyField
                label={m.content_delivery_fee()}
                hint={m.content_delivery_fee_hint({ zero: formatNumber(0) })}
                currency={constants.money.currency}
                required
              />
            )}
          </group.AppField>
          <group.AppField name="free_delivery_threshold">
            {(field) => (
              <field.MoneyField
                label={m.content_free_delivery_from()}
                hint={m.content_free_delivery_hint()}
                currency={constants.money.currency}
              />
            )}
          </group.AppField>
        </div>
      </fieldset>
    )
  },
})
