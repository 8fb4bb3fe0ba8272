import { useQuery } from '@tanstack/react-query'
import { useLocation } from '@tanstack/react-router'
import { currentLocale, LOCALE_PARAM, locales, type Locale } from '~/lib/i18n'
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
