/**
 * The shape of the demo catalogue's word lists. A product name is built as
 * `[qualifier] item variant`, e.g. "Premium Basmati Rice 10 kg Sack".
 */

/** label (in the name), selling unit, pieces per pack, typical pack price in IRR. */
export type Variant = readonly [label: string, unit: string, pieces: number, price: number]

/**
 * An item name, optionally with a price factor applied to the variant price and the indexes of the
 * leaf's variants that fit it (all of them when omitted), so tea never comes as a "1 kg Bag" of beans.
 */
export type Item = string | readonly [name: string, priceFactor: number, variants?: readonly number[]]

export interface LeafCategory {
  slug: string
  name: string
  items: readonly Item[]
  variants: readonly Variant[]
  qualifiers?: readonly string[]
}

export interface AttributePool {
  key: string
  values: readonly string[]
}

export interface TopCategory {
  slug: string
  name: string
  /** Background of the generated images. */
  colour: string
  brands: readonly string[]
  /** Products draw 3-6 of these; keep at least 6. */
  attributes: readonly AttributePool[]
  /** Description sentences specific to the department. */
  sentences: readonly string[]
  children: readonly LeafCategory[]
}
