import { foldSearchText } from './search-fold'
import { currentLocale } from './i18n'

/**
 * Iran's 31 provinces with their capitals and main cities: every provincial capital, every city of
 * about 100,000 people or more, and a few smaller trading towns (free zones, ports). A store's city
 * is stored as the English name here (`name`); the Persian name (`fa`) is for the fa locale and for
 * search. `aliases` are other Latin spellings sellers type (Esfahan, Orumiyeh...), searched but never
 * stored. Static on purpose: the list changes once in years and must be the same in the browser (the
 * combobox) and on the server (which accepts only these names).
 */
export interface IranProvince {
  name: string
  fa: string
  /** The capital first, then the other cities, largest first (roughly). */
  cities: readonly (readonly [name: string, fa: string, aliases?: readonly string[]])[]
}

export const IRAN_PROVINCES: readonly IranProvince[] = [
  {
    name: 'Tehran',
    fa: 'تهران',
    cities: [
      ['Tehran', 'تهران'],
      ['Eslamshahr', 'اسلامشهر', ['Islamshahr']],
      ['Shahriar', 'شهریار', ['Shahriyar']],
      ['Qods', 'قدس', ['Ghods', 'Shahr-e Qods']],
      ['Malard', 'ملارد'],
      ['Golestan', 'گلستان'],
      ['Qarchak', 'قرچک', ['Gharchak']],
      ['Pakdasht', 'پاکدشت'],
      ['Varamin', 'ورامین'],
      ['Nasimshahr', 'نسیم‌شهر'],
      ['Andisheh', 'اندیشه'],
      ['Pardis', 'پردیس'],
      ['Robat Karim', 'رباط‌کریم'],
    ],
  },
  {
    name: 'Alborz',
    fa: 'البرز',
    cities: [
      ['Karaj', 'کرج'],
      ['Fardis', 'فردیس'],
      ['Kamalshahr', 'کمال‌شهر'],
      ['Mohammadshahr', 'محمدشهر'],
      ['Nazarabad', 'نظرآباد'],
      ['Hashtgerd', 'هشتگرد'],
    ],
  },
  {
    name: 'Isfahan',
    fa: 'اصفهان',
    cities: [
      ['Isfahan', 'اصفهان', ['Esfahan']],
      ['Kashan', 'کاشان'],
      ['Khomeyni Shahr', 'خمینی‌شهر', ['Khomeinishahr']],
      ['Najafabad', 'نجف‌آباد'],
      ['Shahin Shahr', 'شاهین‌شهر'],
      ['Shahreza', 'شهرضا'],
      ['Fuladshahr', 'فولادشهر', ['Fooladshahr']],
      ['Baharestan', 'بهارستان'],
      ['Golpayegan', 'گلپایگان'],
    ],
  },
  {
    name: 'Razavi Khorasan',
    fa: 'خراسان رضوی',
    cities: [
      ['Mashhad', 'مشهد'],
      ['Neyshabur', 'نیشابور', ['Nishapur']],
      ['Sabzevar', 'سبزوار'],
      ['Torbat-e Heydarieh', 'تربت حیدریه', ['Torbat Heydarieh']],
      ['Quchan', 'قوچان', ['Ghuchan']],
      ['Kashmar', 'کاشمر'],
      ['Torbat-e Jam', 'تربت جام', ['Torbat Jam']],
    ],
  },
  {
    name: 'East Azerbaijan',
    fa: 'آذربایجان شرقی',
    cities: [
      ['Tabriz', 'تبریز'],
      ['Maragheh', 'مراغه'],
      ['Marand', 'مرند'],
      ['Mianeh', 'میانه', ['Miyaneh']],
      ['Ahar', 'اهر'],
      ['Bonab', 'بناب'],
    ],
  },
  {
    name: 'West Azerbaijan',
    fa: 'آذربایجان غربی',
    cities: [
      ['Urmia', 'ارومیه', ['Orumiyeh', 'Urumieh']],
      ['Khoy', 'خوی'],
      ['Bukan', 'بوکان', ['Boukan']],
      ['Miandoab', 'میاندوآب'],
      ['Mahabad', 'مهاباد'],
      ['Salmas', 'سلماس'],
    ],
  },
  {
    name: 'Ardabil',
    fa: 'اردبیل',
    cities: [
      ['Ardabil', 'اردبیل'],
      ['Parsabad', 'پارس‌آباد'],
      ['Meshginshahr', 'مشگین‌شهر'],
    ],
  },
  {
    name: 'Fars',
    fa: 'فارس',
    cities: [
      ['Shiraz', 'شیراز'],
      ['Marvdasht', 'مرودشت'],
      ['Jahrom', 'جهرم'],
      ['Fasa', 'فسا'],
      ['Kazerun', 'کازرون', ['Kazeroon']],
      ['Sadra', 'صدرا'],
      ['Lar', 'لار'],
      ['Darab', 'داراب'],
    ],
  },
  {
    name: 'Khuzestan',
    fa: 'خوزستان',
    cities: [
      ['Ahvaz', 'اهواز', ['Ahwaz']],
      ['Dezful', 'دزفول'],
      ['Abadan', 'آبادان'],
      ['Bandar Mahshahr', 'بندر ماهشهر', ['Mahshahr']],
      ['Andimeshk', 'اندیمشک'],
      ['Khorramshahr', 'خرمشهر'],
      ['Behbahan', 'بهبهان'],
      ['Izeh', 'ایذه'],
      ['Shushtar', 'شوشتر'],
      ['Masjed Soleyman', 'مسجدسلیمان', ['Masjed Soleiman']],
    ],
  },
  {
    name: 'Kerman',
    fa: 'کرمان',
    cities: [
      ['Kerman', 'کرمان'],
      ['Sirjan', 'سیرجان'],
      ['Rafsanjan', 'رفسنجان'],
      ['Jiroft', 'جیرفت'],
      ['Bam', 'بم'],
      ['Zarand', 'زرند'],
    ],
  },
  {
    name: 'Kermanshah',
    fa: 'کرمانشاه',
    cities: [
      ['Kermanshah', 'کرمانشاه'],
      ['Eslamabad-e Gharb', 'اسلام‌آباد غرب', ['Islamabad-e Gharb']],
      ['Kangavar', 'کنگاور'],
    ],
  },
  {
    name: 'Gilan',
    fa: 'گیلان',
    cities: [
      ['Rasht', 'رشت'],
      ['Bandar Anzali', 'بندر انزلی', ['Anzali']],
      ['Lahijan', 'لاهیجان'],
      ['Langarud', 'لنگرود', ['Langeroud']],
      ['Talesh', 'تالش'],
    ],
  },
  {
    name: 'Mazandaran',
    fa: 'مازندران',
    cities: [
      ['Sari', 'ساری'],
      ['Babol', 'بابل'],
      ['Amol', 'آمل'],
      ['Qaem Shahr', 'قائم‌شهر', ['Ghaemshahr']],
      ['Behshahr', 'بهشهر'],
      ['Chalus', 'چالوس', ['Chaloos']],
      ['Babolsar', 'بابلسر'],
      ['Tonekabon', 'تنکابن'],
      ['Nowshahr', 'نوشهر'],
    ],
  },
  {
    name: 'Golestan',
    fa: 'گلستان',
    cities: [
      ['Gorgan', 'گرگان'],
      ['Gonbad-e Kavus', 'گنبد کاووس', ['Gonbad Kavus']],
      ['Aliabad-e Katul', 'علی‌آباد کتول', ['Aliabad Katul']],
      ['Bandar Torkaman', 'بندر ترکمن'],
    ],
  },
  {
    name: 'North Khorasan',
    fa: 'خراسان شمالی',
    cities: [
      ['Bojnurd', 'بجنورد', ['Bojnourd']],
      ['Shirvan', 'شیروان'],
    ],
  },
  {
    name: 'South Khorasan',
    fa: 'خراسان جنوبی',
    cities: [
      ['Birjand', 'بیرجند'],
      ['Qaen', 'قائن', ['Ghaen']],
      ['Tabas', 'طبس'],
    ],
  },
  {
    name: 'Sistan and Baluchestan',
    fa: 'سیستان و بلوچستان',
    cities: [
      ['Zahedan', 'زاهدان'],
      ['Zabol', 'زابل'],
      ['Chabahar', 'چابهار'],
      ['Iranshahr', 'ایرانشهر'],
      ['Saravan', 'سراوان'],
      ['Khash', 'خاش'],
    ],
  },
  {
    name: 'Hormozgan',
    fa: 'هرمزگان',
    cities: [
      ['Bandar Abbas', 'بندرعباس'],
      ['Minab', 'میناب'],
      ['Qeshm', 'قشم', ['Gheshm']],
      ['Kish', 'کیش'],
      ['Bandar Lengeh', 'بندر لنگه'],
    ],
  },
  {
    name: 'Bushehr',
    fa: 'بوشهر',
    cities: [
      ['Bushehr', 'بوشهر'],
      ['Borazjan', 'برازجان'],
      ['Bandar Ganaveh', 'بندر گناوه', ['Genaveh']],
      ['Asaluyeh', 'عسلویه', ['Assaluyeh']],
    ],
  },
  {
    name: 'Hamadan',
    fa: 'همدان',
    cities: [
      ['Hamadan', 'همدان'],
      ['Malayer', 'ملایر'],
      ['Nahavand', 'نهاوند'],
      ['Tuyserkan', 'تویسرکان'],
    ],
  },
  {
    name: 'Kurdistan',
    fa: 'کردستان',
    cities: [
      ['Sanandaj', 'سنندج'],
      ['Saqqez', 'سقز', ['Saghez']],
      ['Marivan', 'مریوان'],
      ['Baneh', 'بانه'],
    ],
  },
  {
    name: 'Lorestan',
    fa: 'لرستان',
    cities: [
      ['Khorramabad', 'خرم‌آباد'],
      ['Borujerd', 'بروجرد', ['Boroujerd']],
      ['Dorud', 'دورود'],
      ['Kuhdasht', 'کوهدشت'],
      ['Aligudarz', 'الیگودرز'],
    ],
  },
  {
    name: 'Markazi',
    fa: 'مرکزی',
    cities: [
      ['Arak', 'اراک'],
      ['Saveh', 'ساوه'],
      ['Khomeyn', 'خمین', ['Khomein']],
      ['Mahallat', 'محلات'],
    ],
  },
  {
    name: 'Qazvin',
    fa: 'قزوین',
    cities: [
      ['Qazvin', 'قزوین', ['Ghazvin']],
      ['Alvand', 'الوند'],
      ['Takestan', 'تاکستان'],
    ],
  },
  {
    name: 'Qom',
    fa: 'قم',
    cities: [['Qom', 'قم', ['Ghom']]],
  },
  {
    name: 'Semnan',
    fa: 'سمنان',
    cities: [
      ['Semnan', 'سمنان'],
      ['Shahrud', 'شاهرود', ['Shahroud']],
      ['Damghan', 'دامغان'],
      ['Garmsar', 'گرمسار'],
    ],
  },
  {
    name: 'Yazd',
    fa: 'یزد',
    cities: [
      ['Yazd', 'یزد'],
      ['Meybod', 'میبد'],
      ['Ardakan', 'اردکان'],
    ],
  },
  {
    name: 'Zanjan',
    fa: 'زنجان',
    cities: [
      ['Zanjan', 'زنجان'],
      ['Abhar', 'ابهر'],
      ['Khorramdarreh', 'خرمدره'],
    ],
  },
  {
    name: 'Ilam',
    fa: 'ایلام',
    cities: [
      ['Ilam', 'ایلام'],
      ['Dehloran', 'دهلران'],
      ['Ivan', 'ایوان'],
    ],
  },
  {
    name: 'Chaharmahal and Bakhtiari',
    fa: 'چهارمحال و بختیاری',
    cities: [
      ['Shahrekord', 'شهرکرد'],
      ['Borujen', 'بروجن'],
      ['Farrokhshahr', 'فرخ‌شهر'],
    ],
  },
  {
    name: 'Kohgiluyeh and Boyer-Ahmad',
    fa: 'کهگیلویه و بویراحمد',
    cities: [
      ['Yasuj', 'یاسوج', ['Yasouj']],
      ['Dogonbadan', 'دوگنبدان', ['Gachsaran']],
      ['Dehdasht', 'دهدشت'],
    ],
  },
]

/** One city of the list with its province, as the combobox shows it. */
export interface IranCity {
  /** The English name, as stored on a store. Unique across the list. */
  name: string
  fa: string
  province: string
  provinceFa: string
  aliases: readonly string[]
}

export const IRAN_CITIES: readonly IranCity[] = IRAN_PROVINCES.flatMap((province) =>
  province.cities.map(([name, fa, aliases = []]) => ({
    name,
    fa,
    province: province.name,
    provinceFa: province.fa,
    aliases,
  })),
)

/**
 * Text folded for matching a place name: Persian letters and digits as search-fold folds them
 * (ي/ی, ك/ک, marks, digits), Latin letters lower-cased without accents, and spaces, hyphens,
 * apostrophes and the non-joiner dropped ("Shahin Shahr" = "shahinshahr", «شاهین‌شهر» = «شاهین شهر»).
 */
export function foldPlaceName(text: string): string {
  return foldSearchText(text)
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '')
}

interface Indexed {
  city: IranCity
  /** The city's own names (English, Persian, aliases), folded. */
  names: string[]
  /** Its province's names, folded. */
  provinceNames: string[]
}
const INDEX: readonly Indexed[] = IRAN_CITIES.map((city) => ({
  city,
  names: [city.name, city.fa, ...city.aliases].map(foldPlaceName),
  provinceNames: [city.province, city.provinceFa].map(foldPlaceName),
}))
const BY_NAME = new Map<string, IranCity>()
for (const entry of INDEX) for (const name of entry.names) if (!BY_NAME.has(name)) BY_NAME.set(name, entry.city)

/**
 * The listed city a text names exactly (any case, the Persian name or a known alias), or undefined.
 * The server stores `findIranCity(text).name`, so "tehran" and «تهران» both become "Tehran".
 */
export function findIranCity(text: string): IranCity | undefined {
  const folded = foldPlaceName(text)
  return folded ? BY_NAME.get(folded) : undefined
}

/**
 * The cities a typed text finds, best first: a name that starts with it, then a name that contains
 * it, then the cities of a province whose name starts with it; in list order within each rank (the
 * capitals and large cities first). Empty text: the whole list.
 */
export function searchIranCities(text: string): IranCity[] {
  const query = foldPlaceName(text)
  if (!query) return [...IRAN_CITIES]
  const ranked: [rank: number, city: IranCity][] = []
  for (const { city, names, provinceNames } of INDEX) {
    const rank = names.some((n) => n.startsWith(query))
      ? 0
      : names.some((n) => n.includes(query))
        ? 1
        : provinceNames.some((n) => n.startsWith(query))
          ? 2
          : -1
    if (rank >= 0) ranked.push([rank, city])
  }
  // Array.prototype.sort is stable: list order holds within a rank.
  return ranked.sort((a, b) => a[0] - b[0]).map(([, city]) => city)
}

/**
 * A store's city as the reader reads it (issue #22): a listed city's Persian name in fa, and a city
 * the list does not know (one typed before the list existed) as it was typed. English: as stored.
 * Call it on the server (the request's locale); the list stays out of the pages that only show it.
 */
export function cityInLocale(city: string, locale: 'fa' | 'en' = currentLocale()): string {
  if (locale !== 'fa') return city
  return findIranCity(city)?.fa ?? city
}

/** Several cities kept as one text ("Tehran, Karaj", an order's pickup cities), each as the reader reads it. */
export function cityListInLocale(cities: string, locale: 'fa' | 'en' = currentLocale()): string {
  if (locale !== 'fa') return cities
  return cities
    .split(',')
    .map((city) => cityInLocale(city.trim(), locale))
    .join('، ')
}
