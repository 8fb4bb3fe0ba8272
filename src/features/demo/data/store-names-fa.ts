import { demoPendingSeller, demoSeller } from './demo-accounts'

/**
 * Persian names of the demo stores, derived from the English name the market generator composed
 * ("Golbarg Trading", "Pars Wholesale Mashhad", "Ahmadi Supply 12") in Persian order: the kind of
 * business first, then the name, then the branch's city («بازرگانی گلبرگ», «عمده‌فروشی پارس مشهد»).
 * Derived, not drawn, so the generator's random stream (and every other demo value) stays as it was.
 */

/** The business kinds (people-words `businessSuffixes`), which lead a Persian business name. */
const kinds: Readonly<Record<string, string>> = {
  Trading: 'بازرگانی',
  Wholesale: 'عمده‌فروشی',
  Distribution: 'پخش',
  Supply: 'تأمین کالای',
  Commerce: 'تجارت',
  Bazaar: 'بازار',
  'Import & Export': 'صادرات و واردات',
  Sourcing: 'تدارکات',
}

/** Business prefixes and owners' last names (people-words), and the cities. */
const words: Readonly<Record<string, string>> = {
  Pars: 'پارس',
  Arya: 'آریا',
  Kian: 'کیان',
  Zagros: 'زاگرس',
  Alborz: 'البرز',
  Sepahan: 'سپاهان',
  Caspian: 'کاسپین',
  Golestan: 'گلستان',
  Damavand: 'دماوند',
  Khazar: 'خزر',
  Azadi: 'آزادی',
  Kimia: 'کیمیا',
  Negin: 'نگین',
  Tarava: 'تراوا',
  Rayan: 'رایان',
  Nikan: 'نیکان',
  Behin: 'بهین',
  Sina: 'سینا',
  Avin: 'آوین',
  Persis: 'پرسیس',
  Ahmadi: 'احمدی',
  Hosseini: 'حسینی',
  Karimi: 'کریمی',
  Rezaei: 'رضایی',
  Moradi: 'مرادی',
  Mohammadi: 'محمدی',
  Jafari: 'جعفری',
  Rahimi: 'رحیمی',
  Sadeghi: 'صادقی',
  Tehrani: 'تهرانی',
  Shirazi: 'شیرازی',
  Esfahani: 'اصفهانی',
  Kazemi: 'کاظمی',
  Najafi: 'نجفی',
  Ghasemi: 'قاسمی',
  Bagheri: 'باقری',
  Akbari: 'اکبری',
  Sharifi: 'شریفی',
  Farahani: 'فراهانی',
  Nouri: 'نوری',
  Tehran: 'تهران',
  Mashhad: 'مشهد',
  Isfahan: 'اصفهان',
  Shiraz: 'شیراز',
  Tabriz: 'تبریز',
  Karaj: 'کرج',
  Qom: 'قم',
  Ahvaz: 'اهواز',
  Kermanshah: 'کرمانشاه',
  Rasht: 'رشت',
  Yazd: 'یزد',
  Kerman: 'کرمان',
}

/** The demo accounts' stores, named by hand (tests find them by their English names). */
const fixed: Readonly<Record<string, string>> = {
  [demoSeller.storeNames[0]]: 'عمده‌فروشی تهرانی (شعبه مرکزی)',
  [demoSeller.storeNames[1]]: 'عمده‌فروشی تهرانی (شعبه کرج)',
  [demoPendingSeller.displayName]: 'تأمین کالای تازه شیرازی',
}

const persianDigits = (n: string) => n.replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)]!)

function word(english: string, store: string): string {
  const persian = Object.hasOwn(words, english) ? words[english] : undefined
  if (persian === undefined) throw new Error(`No Persian for "${english}" in the demo store "${store}"`)
  return persian
}

/** The Persian name of a demo store; throws naming the store when a part is unknown (so the seed fails loudly). */
export function persianStoreName(english: string): string {
  const known = Object.hasOwn(fixed, english) ? fixed[english] : undefined
  if (known) return known
  const kind = Object.keys(kinds).find((k) => english.includes(` ${k}`))
  if (!kind) throw new Error(`No Persian business kind in the demo store "${english}"`)
  const [name, rest] = english.split(` ${kind}`) as [string, string]
  // After the kind: the seller's number (a repeated name) and/or the branch's city.
  const tail = rest
    .trim()
    .split(' ')
    .filter(Boolean)
    .map((part) => (/^\d+$/.test(part) ? persianDigits(part) : word(part, english)))
  return [kinds[kind], word(name, english), ...tail].join(' ')
}

/**
 * The Persian display name of a demo seller. A seller's first store carries its display name, so
 * the name is composed the same way («Sepahan Distribution» → «پخش سپاهان»).
 */
export const persianSellerName = (displayName: string): string => persianStoreName(displayName)
