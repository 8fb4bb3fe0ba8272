import { cn } from '~/lib/cn'
import { m } from '~/lib/messages'
import { useKeepEarlyInput } from '~/ui/form/keep-early-input'

const channels = [
  { value: 'sms', label: () => m.account_channel_sms() },
  { value: 'whatsapp', label: () => m.account_channel_whatsapp() },
] as const

/** SMS or WhatsApp (spec §9): two radio cards in a labelled group, arrow keys move between them. */
export function ChannelField({
  name,
  value,
  onChange,
  legend,
}: {
  name: string
  value: string
  onChange: (value: 'sms' | 'whatsapp') => void
  legend?: string
}) {
  // A channel chosen before the page hydrated is kept (the radios are controlled).
  const ref = useKeepEarlyInput(
    value,
    (fieldset: HTMLFieldSetElement) =>
      fieldset.querySelector<HTMLInputElement>('input[type="radio"]:checked')?.value ?? value,
    (chosen) => {
      const channel = channels.find((item) => item.value === chosen)
      if (channel) onChange(channel.value)
    },
  )
  return (
    <fieldset ref={ref} className="flex flex-col gap-1.5">
      <legend className="mb-1.5 text-sm font-medium text-ink">{legend ?? m.account_channel_legend()}</legend>
      <div className="grid grid-cols-2 gap-2">
        {channels.map((channel) => (
          <label
            key={channel.value}
            className={cn(
              'flex min-h-11 cursor-pointer items-center gap-2.5 rounded-xl border px-3 py-2 text-sm font-medium transition-colors',
              'has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600',
              value === channel.value
                ? 'border-brand-500 bg-brand-50 text-ink'
                : 'border-stone-300 bg-white text-stone-700 hover:bg-stone-50',
            )}
          >
            <input
              type="radio"
              name={name}
              value={channel.value}
              checked={value === channel.value}
              onChange={() => onChange(channel.value)}
              className="h-4 w-4 accent-brand-600 focus-visible:outline-none"
            />
            {channel.label()}
          </label>
        ))}
      </div>
    </fieldset>
  )
}
