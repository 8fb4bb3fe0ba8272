import { useId, type ReactNode } from 'react'

/** One language's fields in an editor that keeps a Persian and an English text side by side. */
export function LanguageFieldset({
  legend,
  hint,
  children,
}: {
  legend: string
  hint: string
  children: ReactNode
}) {
  const hintId = useId()
  return (
    <fieldset
      aria-describedby={hintId}
      className="flex flex-col gap-4 rounded-2xl border border-stone-200 bg-stone-50/60 p-4"
    >
      <legend className="px-1 text-sm font-semibold text-ink">{legend}</legend>
      <p id={hintId} className="-mt-2 text-xs text-stone-600">
        {hint}
      </p>
      {children}
    </fieldset>
  )
}
