import type { SellerStatus, StoreStatus } from '~/lib/domain-enums'
import { catalogTree } from './catalog-tree'
import { demoAccounts, demoPendingSeller, demoSeller, type DemoAccountKey } from './demo-accounts'
import {
  businessPrefixes,
  businessSuffixes,
  cities,
  cityWeights,
  firstNames,
  lastNames,
  rejectionReasons,
  storeDescriptions,
  streets,
  suspensionReasons,
  type City,
} from './people-words'
import { Random, seedFrom } from './random'
import { persianSellerName, persianStoreName } from './store-names-fa'
import { uniqueSlugger } from './text'

export interface UserSpec {
  cellphone: string
  firstName: string
  lastName: string
  email: string | null
  isSeller: boolean
  isObserver: boolean
  isAdmin: boolean
  /** Set for the documented demo accounts, which get the shared password. */
  demo?: DemoAccountKey
  createdMinutesAgo: number
}

const PICKUP_HOURS = [
  'Saturday to Wednesday 9:00–17:00, Thursday 9:00–13:00',
  'Saturday to Thursday 8:00–16:00',
  'Saturday to Wednesday 10:00–18:00',
] as const

export interface StoreSpec {
  slug: string
  name: string
  /** The same store named in Persian (store-names-fa), shown in the fa locale. */
  nameFa: string
  description: string
  city: string
  /** Where and when buyers collect pickup orders (derived without the random stream, so the rest of the demo stays as it was). */
  pickupAddress: string
  pickupHours: string
  status: StoreStatus
  /** Department slugs this store sells from. */
  specialties: string[]
  /** Multiplies the catalogue price for this store's offers. */
  priceFactor: number
}

export interface SellerSpec {
  ownerPhone: string
  legalName: string
  displayName: string
  /** The display name in Persian (`persianSellerName`). */
  displayNameFa: string
  nationalId: string
  phone: string
  city: string
  address: string
  goodsCategory: string
  status: SellerStatus
  statusReason: string | null
  planCode: string
  /** Minor units per order. */
  deliveryFee: number
  /** Goods total from which delivery is free; null: never free. */
  freeDeliveryThreshold: number | null
  createdMinutesAgo: number
  stores: StoreSpec[]
}

export interface Market {
  users: UserSpec[]
  sellers: SellerSpec[]
}

export const sellersPerScale = 60

/** The seller-owner phone range: +98935 then a 7-digit sequence, apart from demo and test phones. */
export const sellerOwnerPhone = (n: number) => `+98935${String(n).padStart(7, '0')}`

const departments = catalogTree.map((top) => ({ slug: top.slug, name: top.name }))

/**
 * About 1 in 8 sellers waits for approval and a few were rejected or suspended; the pattern is fixed
 * (not random) so the counts are stable at every scale.
 */
function statusFor(i: number): SellerStatus {
  if (i % 30 === 17) return 'rejected'
  if (i % 30 === 29) return 'suspended'
  if (i % 8 === 5) return 'pending'
  return 'approved'
}

function digits(rng: Random, length: number): string {
  let out = String(rng.int(1, 9))
  while (out.length < length) out += String(rng.int(0, 9))
  return out
}

/** Sellers (60 x scale, the first two are the demo ones), their stores and all users. */
export function generateMarket(scale: number, seed = 1): Market {
  const rng = new Random(seedFrom('market', seed))
  const nextStoreSlug = uniqueSlugger()
  const demo = (key: DemoAccountKey, flags: Partial<UserSpec> = {}): UserSpec => ({
    cellphone: demoAccounts[key].cellphone,
    firstName: demoAccounts[key].firstName,
    lastName: demoAccounts[key].lastName,
    email: demoAccounts[key].email,
    isSeller: false,
    isObserver: false,
    isAdmin: false,
    demo: key,
    createdMinutesAgo: 400 * 24 * 60,
    ...flags,
  })
  const users: UserSpec[] = [
    demo('admin', { isAdmin: true }),
    demo('buyer'),
    demo('seller', { isSeller: true }),
    demo('pendingSeller', { isSeller: true }),
    demo('observer', { isObserver: true }),
  ]
  const sellers: SellerSpec[] = []
  const usedNames = new Set<string>()
  let storeCounter = 0

  const makeStore = (name: string, city: string, status: StoreStatus, specialties?: string[]): StoreSpec => {
    const primary = departments[storeCounter++ % departments.length]?.slug ?? 'food-and-beverages'
    const extras = rng.sample(
      departments.map((d) => d.slug).filter((slug) => slug !== primary),
      rng.weighted([0, 1, 2], [3, 5, 2]),
    )
    const chosen = specialties ?? [primary, ...extras]
    const names = chosen.map((slug) => departments.find((d) => d.slug === slug)?.name ?? slug)
    const n = storeCounter
    const pickupAddress = `Warehouse ${(n * 7) % 90 + 1}, ${streets[n % streets.length]}, ${city}`
    const pickupHours = PICKUP_HOURS[n % PICKUP_HOURS.length]!
    const description = `${rng.pick(storeDescriptions).replace('{year}', String(rng.int(2005, 2020)))} Specialised in ${names.join(', ')}.`
    return {
      slug: nextStoreSlug(name),
      name,
      nameFa: persianStoreName(name),
      description,
      city,
      pickupAddress,
      pickupHours,
      status,
      specialties: chosen,
      priceFactor: Math.round(rng.between(0.93, 1.08) * 1000) / 1000,
    }
  }

  const total = sellersPerScale * scale
  for (let i = 0; i < total; i++) {
    const city: City = rng.weighted(cities, cityWeights)
    const address = `No. ${rng.int(1, 240)}, ${rng.pick(streets)}, ${city.name}`
    const phone = `+98${city.areaCode}${digits(rng, 8)}`
    const nationalId = digits(rng, 11)
    const createdMinutesAgo = rng.int(30 * 24 * 60, 700 * 24 * 60)

    if (i === 0) {
      sellers.push({
        ownerPhone: demoAccounts.seller.cellphone,
        ...demoSeller,
        displayNameFa: persianSellerName(demoSeller.displayName),
        nationalId,
        phone: `+9821${digits(rng, 8)}`,
        address: 'No. 18, Enghelab St, Tehran',
        goodsCategory: 'Food & Beverages',
        status: 'approved',
        statusReason: null,
        planCode: 'pro',
        deliveryFee: 2_500_000,
        freeDeliveryThreshold: 60_000_000,
        createdMinutesAgo,
        stores: [
          makeStore(demoSeller.storeNames[0], 'Tehran', 'active', [
            'food-and-beverages',
            'cleaning-and-hygiene',
          ]),
          makeStore(demoSeller.storeNames[1], 'Karaj', 'active', ['stationery-and-office', 'packaging']),
        ],
      })
      continue
    }
    if (i === 1) {
      sellers.push({
        ownerPhone: demoAccounts.pendingSeller.cellphone,
        ...demoPendingSeller,
        displayNameFa: persianSellerName(demoPendingSeller.displayName),
        nationalId,
        phone: `+9871${digits(rng, 8)}`,
        address: 'No. 7, Zand Blvd, Shiraz',
        goodsCategory: 'Food & Beverages',
        status: 'pending',
        statusReason: null,
        planCode: 'free',
        deliveryFee: 2_000_000,
        freeDeliveryThreshold: null,
        createdMinutesAgo: 2 * 24 * 60,
        stores: [makeStore('Shirazi Fresh Supply', 'Shiraz', 'active', ['food-and-beverages'])],
      })
      continue
    }

    const firstName = rng.pick(firstNames)
    const lastName = rng.pick(lastNames)
    const ownerPhone = sellerOwnerPhone(i)
    users.push({
      cellphone: ownerPhone,
      firstName,
      lastName,
      email: rng.chance(0.6) ? `${firstName}.${lastName}.${i}@example.ir`.toLowerCase() : null,
      isSeller: true,
      isObserver: false,
      isAdmin: false,
      createdMinutesAgo: createdMinutesAgo + rng.int(0, 5 * 24 * 60),
    })

    let displayName = `${rng.pick(businessPrefixes)} ${rng.pick(businessSuffixes)}`
    for (let tries = 0; usedNames.has(displayName) && tries < 8; tries++) {
      displayName = rng.chance(0.5)
        ? `${lastName} ${rng.pick(businessSuffixes)}`
        : `${rng.pick(businessPrefixes)} ${rng.pick(businessSuffixes)}`
    }
    if (usedNames.has(displayName)) displayName = `${displayName} ${i}`
    usedNames.add(displayName)

    const status = statusFor(i)
    const storeCount = rng.weighted([1, 2, 3], [45, 35, 20])
    const otherCities = cities.filter((c) => c.name !== city.name)
    const stores: StoreSpec[] = []
    for (let s = 0; s < storeCount; s++) {
      const storeCity = s === 0 ? city.name : rng.pick(otherCities).name
      const storeName = s === 0 ? displayName : `${displayName} ${storeCity}`
      stores.push(makeStore(storeName, storeCity, rng.chance(0.9) ? 'active' : 'inactive'))
    }
    sellers.push({
      ownerPhone,
      legalName: `${displayName} Co.`,
      displayName,
      // Derived from the English like the stores' Persian names: no new random draw.
      displayNameFa: persianSellerName(displayName),
      nationalId,
      phone,
      city: city.name,
      address,
      goodsCategory:
        departments.find((d) => d.slug === stores[0]?.specialties[0])?.name ?? 'Food & Beverages',
      status,
      statusReason:
        status === 'rejected'
          ? rng.pick(rejectionReasons)
          : status === 'suspended'
            ? rng.pick(suspensionReasons)
            : null,
      planCode: status === 'approved' ? rng.weighted(['free', 'pro', 'business'], [6, 3, 1]) : 'free',
      // Derived from the index rather than drawn, so the rest of the generated market stays as it was.
      deliveryFee: (1 + (i % 4)) * 1_000_000,
      freeDeliveryThreshold: i % 3 === 0 ? null : (4 + (i % 5)) * 10_000_000,
      createdMinutesAgo,
      stores,
    })
  }
  return { users, sellers }
}
