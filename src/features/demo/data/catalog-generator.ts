import { fa, persianProductName } from './catalog-fa'
import { catalogTree, genericSentences, type Item, type TopCategory, type Variant } from './catalog-tree'
import { Random, seedFrom } from './random'
import { persianUnit } from './units-fa'
import { slugify, uniqueSlugger } from './text'
import type { ProductStatus } from '~/lib/domain-enums'

export const productsPerScale = 2000

export interface CategorySpec {
  slug: string
  name: string
  nameFa: string
  parentSlug: string | null
  /** Order among siblings, from 0. */
  position: number
  colour: string
}

export interface BrandSpec {
  slug: string
  name: string
  nameFa: string
  topSlug: string
}

export interface ProductSpec {
  slug: string
  name: string
  /** The same product named in Persian (catalog-fa), searched beside the English name. */
  nameFa: string
  /** What fits on a photo: qualifier and item, without the pack size. */
  shortName: string
  /** The pack size part of the name; empty for single pieces. */
  variantLabel: string
  description: string
  unit: string
  /** The selling unit in Persian («کارتن ۱۲ عددی»), shown in the fa locale. */
  unitFa: string
  piecesPerPack: number
  /** Typical price of one selling unit in IRR; offers vary around it. */
  basePrice: number
  brandSlug: string
  brandName: string
  categorySlug: string
  topSlug: string
  colour: string
  status: ProductStatus
  attributes: { key: string; value: string }[]
  photoCount: 1 | 2
  createdMinutesAgo: number
}

/** Departments first, then their leaves, each group in display order. */
export function buildCategorySpecs(tree: readonly TopCategory[] = catalogTree): CategorySpec[] {
  const tops = tree.map((top, position) => ({
    slug: top.slug,
    name: top.name,
    nameFa: fa(top.name),
    parentSlug: null,
    position,
    colour: top.colour,
  }))
  const leaves = tree.flatMap((top) =>
    top.children.map((leaf, position) => ({
      slug: leaf.slug,
      name: leaf.name,
      nameFa: fa(leaf.name),
      parentSlug: top.slug,
      position,
      colour: top.colour,
    })),
  )
  return [...tops, ...leaves]
}

export function buildBrandSpecs(tree: readonly TopCategory[] = catalogTree): BrandSpec[] {
  return tree.flatMap((top) => top.brands.map((name) => ({ slug: slugify(name), name, nameFa: fa(name), topSlug: top.slug })))
}

/** Some departments sell more lines than others; food and cleaning dominate wholesale. */
const departmentWeights: Record<string, number> = {
  'food-and-beverages': 1.6,
  'cleaning-and-hygiene': 1.3,
  'personal-care': 1.2,
  'electrical-and-lighting': 1.1,
  'stationery-and-office': 1,
  'tools-and-hardware': 1,
  kitchenware: 0.9,
  'textiles-and-apparel': 0.9,
  packaging: 0.9,
  toys: 0.7,
}

/** Brands price differently: a store brand and a premium brand sell the same rice. */
const brandFactors = [0.9, 1, 1.1, 0.95, 1.2, 1.05, 0.85, 1.15]

const itemName = (item: Item) => (typeof item === 'string' ? item : item[0])
const itemFactor = (item: Item) => (typeof item === 'string' ? 1 : item[1])

function itemVariants(item: Item, variants: readonly Variant[]): Variant[] {
  const indexes = typeof item === 'string' ? undefined : item[2]
  if (!indexes) return [...variants]
  return indexes.map((i) => variants[i]).filter((v): v is Variant => v !== undefined)
}

function roundPrice(value: number): number {
  return Math.max(450_000, Math.min(90_000_000, Math.round(value / 1000) * 1000))
}

/**
 * Builds `count` products from the word lists. Pure and deterministic: the same count and seed give
 * the same products, which is what makes the demo data reproducible.
 */
export function generateProducts(
  count: number,
  seed = 1,
  tree: readonly TopCategory[] = catalogTree,
): ProductSpec[] {
  const rng = new Random(seedFrom('products', seed))
  const leaves = tree.flatMap((top) => top.children.map((leaf) => ({ top, leaf })))
  const weights = leaves.map(({ top }) => (departmentWeights[top.slug] ?? 1) / top.children.length)
  const nextSlug = uniqueSlugger()
  const taken = new Set<string>()
  const products: ProductSpec[] = []

  for (let n = 0; n < count; n++) {
    const { top, leaf } = rng.weighted(leaves, weights)
    let attempt = 0
    let picked: { item: Item; variant: Variant; qualifier: string | undefined; brandIndex: number }
    let identity: string
    // The same brand selling two identical products is unrealistic; re-roll a few times, then accept
    // (big scales run out of combinations).
    do {
      const item = rng.pick(leaf.items)
      const variant = rng.pick(itemVariants(item, leaf.variants))
      const qualifier = leaf.qualifiers && rng.chance(0.35) ? rng.pick(leaf.qualifiers) : undefined
      const brandIndex = rng.int(0, top.brands.length - 1)
      picked = { item, variant, qualifier, brandIndex }
      identity = [brandIndex, qualifier, itemName(item), variant[0], leaf.slug].join('|')
    } while (taken.has(identity) && ++attempt < 6)
    taken.add(identity)

    const { item, variant, qualifier, brandIndex } = picked
    const [variantLabel, unit, piecesPerPack, variantPrice] = variant
    const brandName = top.brands[brandIndex] ?? top.brands[0] ?? 'Omdeh'
    const shortName = [qualifier, itemName(item)].filter(Boolean).join(' ')
    // "Claw Hammer", not "Claw Hammer Single": a single piece needs no label.
    const label = /^single( unit)?$/i.test(variantLabel) ? '' : variantLabel
    const name = [shortName, label].filter(Boolean).join(' ')
    const basePrice = roundPrice(
      variantPrice * itemFactor(item) * (brandFactors[brandIndex % brandFactors.length] ?? 1),
    )

    products.push({
      slug: nextSlug(`${brandName} ${name}`),
      name,
      nameFa: persianProductName({ qualifier, item: itemName(item), variantLabel: label }),
      shortName,
      variantLabel: label,
      description: describe(rng, top, name, brandName, unit),
      unit,
      unitFa: persianUnit(unit),
      piecesPerPack,
      basePrice,
      brandSlug: slugify(brandName),
      brandName,
      categorySlug: leaf.slug,
      topSlug: top.slug,
      colour: top.colour,
      status: rng.weighted<ProductStatus>(['active', 'draft', 'archived'], [93, 5, 2]),
      attributes: pickAttributes(rng, top),
      photoCount: rng.chance(0.3) ? 2 : 1,
      createdMinutesAgo: rng.int(0, 365 * 24 * 60),
    })
  }
  return products
}

function describe(rng: Random, top: TopCategory, name: string, brand: string, unit: string): string {
  const opening = rng.chance(0.5)
    ? `${brand} ${name}, supplied as a ${unit}.`
    : `${name} by ${brand}, sold per ${unit}.`
  const department = rng.sample(top.sentences, rng.int(1, 2))
  const generic = rng.chance(0.5) ? [rng.pick(genericSentences)] : []
  return [opening, ...department, ...generic].join(' ')
}

function pickAttributes(rng: Random, top: TopCategory): { key: string; value: string }[] {
  const wanted = rng.int(3, Math.min(6, top.attributes.length))
  const chosen = new Set(rng.sample(top.attributes, wanted))
  // Keep the department's order so the same keys line up across products.
  return top.attributes
    .filter((pool) => chosen.has(pool))
    .map((pool) => ({ key: pool.key, value: rng.pick(pool.values) }))
}
