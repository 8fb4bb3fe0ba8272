import { foodAndBeverages, kitchenware } from './catalog-food'
import { electricalAndLighting, toolsAndHardware } from './catalog-hardware'
import { cleaningAndHygiene, personalCare } from './catalog-home'
import { textilesAndApparel, toys } from './catalog-lifestyle'
import { packaging, stationeryAndOffice } from './catalog-office'
import type { TopCategory } from './catalog-types'

export type { AttributePool, Item, LeafCategory, TopCategory, Variant } from './catalog-types'

/** The demo catalogue: ten departments, each with five or six leaf categories, in display order. */
export const catalogTree: readonly TopCategory[] = [
  foodAndBeverages,
  cleaningAndHygiene,
  stationeryAndOffice,
  electricalAndLighting,
  toolsAndHardware,
  textilesAndApparel,
  kitchenware,
  personalCare,
  packaging,
  toys,
]

/** Sentences any wholesale listing may use. */
export const genericSentences: readonly string[] = [
  'Tiered prices reward larger orders.',
  'Orders placed before noon usually leave the warehouse the same day.',
  'Invoices include VAT and the seller’s economic code.',
  'Mixed cartons are available on request.',
  'Delivery is available to most provinces through the seller’s own fleet or a courier.',
]
