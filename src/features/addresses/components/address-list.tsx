import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { toApiError } from '~/lib/api-error'
import { notify } from '~/lib/notify'
import { Button } from '~/ui/button'
import { EmptyState } from '~/ui/empty-state'
import { setDefaultAddressFn } from '../addresses.functions'
import { addressQueries } from '../addresses.queries'
import { formatAddressLine, type Address } from '../addresses.schemas'
import { DeleteAddressDialog } from './delete-address-dialog'
import { m } from '~/lib/messages'

export function DefaultBadge() {
  return (
    <span className="rounded-full bg-brand-100 px-2 py-0.5 text-xs font-semibold text-brand-900">
      {m.account_default()}
    </span>
  )
}

/** /buyer/profile/address: the buyer's addresses, default first, each with its actions. */
export function AddressList({ addresses }: { addresses: Address[] }) {
  if (!addresses.length) {
    return (
      <EmptyState
        title={m.account_addresses_empty_title()}
        action={
          <Button asChild>
            <Link to="/buyer/profile/address/create">{m.account_add_address()}</Link>
          </Button>
        }
      >
        {m.account_addresses_empty_text()}
      </EmptyState>
    )
  }
  return (
    <ul aria-label={m.account_addresses_list()} className="grid gap-4 lg:grid-cols-2">
      {addresses.map((address) => (
        <AddressCard key={address.id} address={address} />
      ))}
    </ul>
  )
}

function AddressCard({ address }: { address: Address }) {
  const queryClient = useQueryClient()
  const makeDefault = useMutation({
    mutationFn: () => setDefaultAddressFn({ data: { address_id: address.id } }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: addressQueries.all })
      notify('success', m.account_now_default({ title: address.title }))
    },
    onError: (error) => notify('error', toApiError(error).message),
  })
  return (
    <li
      aria-label={address.title}
      className="flex flex-col gap-3 rounded-2xl border border-stone-200 bg-white p-4 sm:p-5"
    >
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="text-base font-semibold break-words text-ink">{address.title}</h2>
        {address.is_default ? <DefaultBadge /> : null}
      </div>
      <p className="text-sm break-words text-stone-700">{formatAddressLine(address)}</p>
      <dl className="grid gap-1 text-sm text-stone-700 sm:grid-cols-2">
        <div>
          <dt className="inline text-stone-500">{m.account_postal_code_colon()}</dt>
          <dd className="inline" dir="ltr">
            {address.postal_code}
          </dd>
        </div>
        <div>
          <dt className="inline text-stone-500">{m.account_receiver_colon()}</dt>
          <dd className="inline">
            {m.account_receiver_line({ name: address.receiver_name })}
            <span dir="ltr">{address.receiver_phone}</span>
          </dd>
        </div>
      </dl>
      <div className="mt-auto flex flex-wrap gap-2 border-t border-stone-100 pt-3">
        <Button asChild size="sm" variant="secondary">
          <Link
            to="/buyer/profile/address/$id"
            params={{ id: String(address.id) }}
            aria-label={m.account_edit_label({ title: address.title })}
          >
            {m.account_edit()}
          </Link>
        </Button>
        {address.is_default ? null : (
          <Button
            size="sm"
            variant="secondary"
            disabled={makeDefault.isPending}
            onClick={() => makeDefault.mutate()}
            aria-label={m.account_make_default_label({ title: address.title })}
          >
            {makeDefault.isPending ? m.account_saving() : m.account_make_default()}
          </Button>
        )}
        <DeleteAddressDialog address={address} />
      </div>
    </li>
  )
}
