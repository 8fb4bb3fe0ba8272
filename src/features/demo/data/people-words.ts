/** Word lists for the demo's people and businesses. */

export const firstNames: readonly string[] = [
  'Ali',
  'Mohammad',
  'Reza',
  'Hossein',
  'Mehdi',
  'Amir',
  'Hamid',
  'Saeed',
  'Babak',
  'Kaveh',
  'Dariush',
  'Farhad',
  'Sara',
  'Maryam',
  'Fatemeh',
  'Zahra',
  'Niloufar',
  'Parisa',
  'Shirin',
  'Leila',
  'Roya',
  'Mina',
  'Elham',
  'Nazanin',
]

export const lastNames: readonly string[] = [
  'Ahmadi',
  'Hosseini',
  'Karimi',
  'Rezaei',
  'Moradi',
  'Mohammadi',
  'Jafari',
  'Rahimi',
  'Sadeghi',
  'Tehrani',
  'Shirazi',
  'Esfahani',
  'Kazemi',
  'Najafi',
  'Ghasemi',
  'Bagheri',
  'Akbari',
  'Sharifi',
  'Farahani',
  'Nouri',
]

export interface City {
  name: string
  /** Landline area code without the leading 0. */
  areaCode: string
}

export const cities: readonly City[] = [
  { name: 'Tehran', areaCode: '21' },
  { name: 'Mashhad', areaCode: '51' },
  { name: 'Isfahan', areaCode: '31' },
  { name: 'Shiraz', areaCode: '71' },
  { name: 'Tabriz', areaCode: '41' },
  { name: 'Karaj', areaCode: '26' },
  { name: 'Qom', areaCode: '25' },
  { name: 'Ahvaz', areaCode: '61' },
  { name: 'Kermanshah', areaCode: '83' },
  { name: 'Rasht', areaCode: '13' },
  { name: 'Yazd', areaCode: '35' },
  { name: 'Kerman', areaCode: '34' },
]

/** Tehran carries more weight: most wholesale trade runs through it. */
export const cityWeights: readonly number[] = [6, 2.5, 2.5, 2, 2, 1.5, 1, 1, 1, 1, 0.8, 0.8]

export const streets: readonly string[] = [
  'Enghelab St',
  'Azadi Ave',
  'Valiasr St',
  'Imam Khomeini St',
  'Ferdowsi St',
  'Hafez St',
  'Saadi St',
  'Bazaar Alley',
  'Jomhouri St',
  'Shariati St',
  'Motahari St',
  'Industrial Zone Rd',
]

export const businessPrefixes: readonly string[] = [
  'Pars',
  'Arya',
  'Kian',
  'Zagros',
  'Alborz',
  'Sepahan',
  'Caspian',
  'Golestan',
  'Damavand',
  'Khazar',
  'Azadi',
  'Kimia',
  'Negin',
  'Tarava',
  'Rayan',
  'Nikan',
  'Behin',
  'Sina',
  'Avin',
  'Persis',
]

export const businessSuffixes: readonly string[] = [
  'Trading',
  'Wholesale',
  'Distribution',
  'Supply',
  'Commerce',
  'Bazaar',
  'Import & Export',
  'Sourcing',
]

export const storeDescriptions: readonly string[] = [
  'Wholesale supplier serving retailers across the province since {year}.',
  'Family-run distributor with its own warehouse and delivery fleet.',
  'Fast dispatch, honest prices and invoices with VAT on every order.',
  'Authorised distributor for several national brands.',
  'Specialist in bulk orders for shops, restaurants and offices.',
  'Same-day dispatch for orders placed before noon.',
]

export const rejectionReasons: readonly string[] = [
  'The economic code does not match the registered business name.',
  'The uploaded business licence has expired.',
]

export const suspensionReasons: readonly string[] = [
  'Repeated late shipments reported by buyers.',
  'Listings did not match the goods delivered.',
]
