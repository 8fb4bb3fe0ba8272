import { useQuery } from '@tanstack/react-query'
import { useLocation } from '@tanstack/react-router'
import { cn } from '~/lib/cn'
import {
  currentLocale,
  currentMoneyUnit,
  LOCALE_PARAM,
  locales,
  rememberMoneyUnit,
  type Locale,
  type MoneyUnit,
} from '~/lib/i18n'
import { m } from '~/lib/messages'
import { shellQueries } from '../shell.queries'

/** Each language's name in itself: what a reader of that language looks for. */
const OWN_NAME: Record<Locale, string> = { fa: 'فارسی', en: 'English' }

/** This page's address in `locale`: the same path and search, with `?lang=`. */
function useAddressIn(locale: Locale): string {
  const { pathname, searchStr } = useLocation({
    select: (location) => ({ pathname: location.pathname, searchStr: location.searchStr }),
  })
  const search = new URLSearchParams(searchStr)
  search.set(LOCALE_PARAM, locale)
  return `${pathname}?${search.toString()}`
}

/**
 * A link to this page in the other language. A plain link (a full page load): the choice is
 * remembered by the server's cookie and every part of the page, the direction included, changes.
 */
export function LocaleSwitch({ className }: { className?: string }) {
  const other = currentLocale() === 'fa' ? 'en' : 'fa'
  const href = useAddressIn(other)
  return (
    <a href={href} hrefLang={other} lang={other} className={className} rel="alternate">
      {OWN_NAME[other]}
    </a>
  )
}

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

/** `hreflang` alternates: this page in each language, and the default for anyone else. */
export function LocaleAlternates() {
  const { data } = useQuery(shellQueries.runtimeConfig())
  const base = data?.siteUrl ?? ''
  const fa = useAddressIn('fa')
  const en = useAddressIn('en')
  const href: Record<Locale, string> = { fa: base + fa, en: base + en }
  return (
    <>
      {locales.map((locale) => (
        <link key={locale} rel="alternate" hrefLang={locale} href={href[locale]} />
      ))}
      <link rel="alternate" hrefLang="x-default" href={href.fa} />
    </>
  )
}
