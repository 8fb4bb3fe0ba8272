import { useState, type FormEvent } from 'react'
import * as v from 'valibot'
import { formatMoney } from '~/lib/money'
import { moneySchema } from '~/lib/schema-pieces'
import { Button } from '~/ui/button'
import { Field } from '~/ui/field'
import { formatMoneyInput, groupDigits, parseMoneyInput } from '~/ui/form/money-input'
import { Input } from '~/ui/input'
import type { ListingFacets } from '../catalog.types'
import { m } from '~/lib/messages'

const priceRangeSchema = v.pipe(
  v.object({ min: moneySchema(0), max: moneySchema(0) }),
  v.forward(
    v.check(
      ({ min, max }) => min <= max,
      () => m.catalog_price_range_invalid(),
    ),
    ['max'],
  ),
)

type End = 'min' | 'max'
type Problems = Partial<Record<End, string>>

/**
 * Why a price range as typed cannot be applied, per end; empty when it can. Either end may be left
 * empty: it is checked as the other end of the range.
 */
export function priceRangeProblems(min: number | null, max: number | null): Problems {
  const input = { min: min ?? 0, max: max ?? (min !== null && Number.isFinite(min) ? Math.max(min, 0) : 0) }
  const parsed = v.safeParse(priceRangeSchema, input, { abortPipeEarly: true })
  const problems: Problems = {}
  for (const issue of parsed.issues ?? []) {
    const end = issue.path?.[0]?.key
    if (end === 'min' || end === 'max') problems[end] ??= issue.message
  }
  return problems
}

const shown = (amount: number | undefined) => (amount === undefined ? '' : groupDigits(String(amount)))

/**
 * The listing's price filter: two money inputs and a button that puts the range in the URL.
 *
 * A plain form on purpose (issue #21): it is the only form of the listing's first paint, and the
 * form library with its field kit weighs more than the rest of the page's own code. It behaves as
 * the app's forms do: digits in any script grouped as typed, the range checked on blur and on
 * submit with the first message per end, a message cleared when its end changes, focus on the
 * first end that needs attention.
 */
export function PriceRangeFilter({
  min,
  max,
  range,
  onApply,
}: {
  min: number | undefined
  max: number | undefined
  range: ListingFacets['price']
  onApply: (min: number | undefined, max: number | undefined) => void
}) {
  const [text, setText] = useState<Record<End, string>>({ min: shown(min), max: shown(max) })
  const [problems, setProblems] = useState<Problems>({})
  // The URL's range as this form last saw it, and the range it last applied. The listing's range
  // changes when the new page's data has arrived, a moment after Apply: the fields start again from
  // it only when it came from elsewhere (a chip, Back, a link), so an edit typed in that moment stays.
  const [seen, setSeen] = useState({ min, max })
  const [applied, setApplied] = useState<{ min: number | undefined; max: number | undefined } | null>(null)
  if (seen.min !== min || seen.max !== max) {
    setSeen({ min, max })
    if (applied?.min !== min || applied?.max !== max) {
      setText({ min: shown(min), max: shown(max) })
      setProblems({})
    }
    setApplied(null)
  }
  const values = () => [parseMoneyInput(text.min), parseMoneyInput(text.max)] as const

  const change = (end: End, typed: string) => {
    setText((now) => ({ ...now, [end]: formatMoneyInput(typed) }))
    // A message was about the old value: it goes as soon as the user changes it (blur checks again).
    setProblems((now) => (now[end] ? { ...now, [end]: undefined } : now))
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const [low, high] = values()
    const found = priceRangeProblems(low, high)
    setProblems(found)
    if (found.min || found.max) {
      const form = event.currentTarget
      requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus())
      return
    }
    setApplied({ min: low ?? undefined, max: high ?? undefined })
    onApply(low ?? undefined, high ?? undefined)
  }

  const input = (end: End, label: string, placeholder: string) => (
    <Field label={label} error={problems[end]}>
      {(control) => (
        <Input
          {...control}
          name={end}
          inputMode="numeric"
          dir="ltr"
          placeholder={placeholder}
          value={text[end]}
          onChange={(event) => change(end, event.target.value)}
          onBlur={(event) => {
            // On the way to the form's own button, the submit checks: a message shown now would push
            // the button down under the pointer and swallow the click.
            const next = event.relatedTarget
            if (
              next instanceof HTMLButtonElement &&
              next.type === 'submit' &&
              next.form === event.currentTarget.form
            )
              return
            setProblems(priceRangeProblems(...values()))
          }}
        />
      )}
    </Field>
  )

  return (
    <form noValidate onSubmit={submit} aria-label={m.catalog_filter_price()} className="flex flex-col gap-2">
      {range ? (
        <p className="text-xs text-stone-600">
          {m.catalog_price_range_span({ min: formatMoney(range.min), max: formatMoney(range.max) })}
        </p>
      ) : null}
      <div className="grid grid-cols-2 gap-2 [&_input]:h-9 [&_label]:sr-only">
        {input('min', m.catalog_price_lowest(), m.catalog_price_min())}
        {input('max', m.catalog_price_highest(), m.catalog_price_max())}
      </div>
      <Button type="submit" variant="secondary" size="sm">
        {m.catalog_price_apply()}
      </Button>
    </form>
  )
}
