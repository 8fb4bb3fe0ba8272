/**
 * Persian selling units of the demo catalogue («کارتن ۱۲ عددی», «کیسه ۲۵ کیلویی»), derived from the
 * English unit ("carton of 12", "sack of 25 kg") as an Iranian wholesaler writes them: the pack,
 * then the count with Persian digits and an adjective ending (عددی, کیلویی, بسته‌ای). A plain data
 * module: the seed imports it.
 */

const packs: Readonly<Record<string, string>> = {
  carton: 'کارتن',
  bale: 'عدل',
  sack: 'کیسه',
  bag: 'کیسه',
  tin: 'حلب',
  case: 'شل',
  pallet: 'پالت',
  box: 'جعبه',
  roll: 'رول',
  bucket: 'سطل',
  bundle: 'بندیل',
  display: 'استند',
}

/** What the count counts, as the adjective after the number: «۱۰ بسته‌ای», «۲۵ کیلویی». */
const measures: Readonly<Record<string, string>> = {
  '': 'عددی',
  kg: 'کیلویی',
  L: 'لیتری',
  m: 'متری',
  bags: 'کیسه‌ای',
  packs: 'بسته‌ای',
  boxes: 'جعبه‌ای',
  cases: 'شلی',
  reams: 'بندی',
  rolls: 'رولی',
  sets: 'ستی',
}

const persianDigits = (n: string) => n.replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)]!)

/** The catalogue has a few dozen units and the big seeds name 100,000 products: each is read once. */
const known = new Map<string, string>()

/** The Persian of one demo unit; throws naming the unit when it does not parse (so the seed fails loudly). */
export function persianUnit(english: string): string {
  let persian = known.get(english)
  if (persian === undefined) known.set(english, (persian = readUnit(english)))
  return persian
}

function readUnit(english: string): string {
  const match = /^(\w+) of (\d+)(?: (\w+))?$/.exec(english.trim())
  const pack = match && packs[match[1]!]
  const measure = match && measures[match[3] ?? '']
  if (!match || !pack || !measure) throw new Error(`No Persian for the demo unit "${english}"`)
  if (match[2] === '1' && !match[3]) return `${pack} تکی`
  return `${pack} ${persianDigits(match[2]!)} ${measure}`
}
