import { cn } from '~/lib/cn'
import { currentMoneyUnit, rememberMoneyUnit, type MoneyUnit } from '~/lib/i18n'
import { m } from '~/lib/messages'

// In a module of its own: the footer and the mobile menu show it, and both load after the page's
// first chunk; beside the header's LocaleSwitch it put its code and messages there (issue #21).

/** Rial or toman for every amount shown (amounts stay integer rials underneath). */
export function MoneyUnitSwitch({ className }: { className?: string }) {
  const unit = currentMoneyUnit()
  const choose = (next: MoneyUnit) => {
    if (next === unit) return
    rememberMoneyUnit(next)
  }
  return (
    <div
      role="group"
      aria-label={m.common_money_unit()}
      className={cn('inline-flex rounded-lg border border-stone-300 p-0.5 text-xs', className)}
    >
      {(['rial', 'toman'] as const).map((option) => (
        <button
          key={option}
          type="button"
          aria-pressed={option === unit}
          onClick={() => choose(option)}
          className={cn(
            'rounded-md px-2 py-1',
            option === unit ? 'bg-stone-900 text-white' : 'text-stone-700 hover:bg-stone-100',
          )}
        >
          {option === 'rial' ? m.common_money_rial() : m.common_money_toman()}
        </button>
      ))}
    </div>
  )
}
