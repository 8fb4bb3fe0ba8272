import { type Address, InlineAddressCreate, formatAddressLine } from '~/features/addresses'
import { cn } from '~/lib/cn'
import { m } from '~/lib/messages'
import { Skeleton } from '~/ui/skeleton'

/** The delivery address: one of the buyer's (the default preselected), or a new one added in place. */
export function AddressChoice({
  addresses,
  loading,
  value,
  onChange,
  onCreated,
  error,
}: {
  addresses: Address[] | undefined
  loading: boolean
  value: number | null
  onChange: (addressId: number) => void
  onCreated: (address: Address) => void
  error: string | null
}) {
  const errorId = 'address-choice-error'
  return (
    <fieldset
      className="flex flex-col gap-2"
      aria-describedby={error ? errorId : undefined}
      aria-invalid={error ? true : undefined}
      id="address-choice"
      tabIndex={-1}
    >
      <legend className="mb-2 text-base font-semibold text-ink">{m.buyer_checkout_delivery_address()}</legend>
      {loading ? <Skeleton className="h-16 w-full rounded-xl" /> : null}
      {addresses?.length === 0 ? (
        <p className="text-sm text-stone-600">{m.buyer_checkout_no_address()}</p>
      ) : null}
      {addresses?.map((address) => (
        <label
          key={address.id}
          className={cn(
            'flex cursor-pointer items-start gap-3 rounded-xl border bg-white px-4 py-3 text-sm',
            'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600',
            value === address.id ? 'border-brand-600 bg-brand-50' : 'border-stone-200 hover:border-stone-300',
          )}
        >
          <input
            type="radio"
            name="address"
            value={address.id}
            checked={value === address.id}
            onChange={() => onChange(address.id)}
            className="mt-0.5 h-4 w-4 shrink-0 accent-brand-700"
          />
          <span className="flex min-w-0 flex-col">
            <span className="font-medium text-ink">
              {address.title}
              {address.is_default ? (
                <span className="ms-2 text-xs font-normal text-stone-600">{m.buyer_checkout_default()}</span>
              ) : null}
            </span>
            <span className="break-words text-stone-700">{formatAddressLine(address)}</span>
            <span className="text-xs text-stone-600">
              {address.receiver_name} · <span dir="ltr">{address.receiver_phone}</span> ·{' '}
              <span dir="ltr">{address.postal_code}</span>
            </span>
          </span>
        </label>
      ))}
      {error ? (
        <p id={errorId} role="alert" className="text-xs font-medium text-red-700">
          {error}
        </p>
      ) : null}
      <InlineAddressCreate onCreated={onCreated} />
    </fieldset>
  )
}
