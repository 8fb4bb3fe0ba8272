/**
 * The category tree as the product form offers it (issue #15 "a tree chooser"): categories of any
 * depth, and products sit only on leaves (a category without subcategories), so the most specific
 * category is always chosen. The server checks the same rule (product-authoring.server.ts).
 */

export interface TreeCategory {
  id: number
  name: string
  parentId: number | null
}

export interface CategoryChoice {
  id: number
  /** The path below the top category ("Hot drinks › Tea"), or the name of a top category that is a leaf. */
  label: string
  /** Every name from the top down, for search. */
  path: string[]
}

export interface CategoryChoiceGroup {
  top: { id: number; name: string }
  choices: CategoryChoice[]
}

export const PATH_SEPARATOR = ' › '

/**
 * The leaves of the tree grouped by their top category, in the tree's order (children in the order
 * given), keeping only those whose path matches every word of `query`. `keep` (the product's current
 * category) is always offered, even when it is no leaf any more or does not match.
 */
export function categoryChoiceGroups(
  categories: readonly TreeCategory[],
  query = '',
  keep: number | null = null,
): CategoryChoiceGroup[] {
  const children = new Map<number | null, TreeCategory[]>()
  for (const category of categories) {
    const siblings = children.get(category.parentId) ?? []
    siblings.push(category)
    children.set(category.parentId, siblings)
  }
  const words = query.toLocaleLowerCase().split(/\s+/).filter(Boolean)
  const matches = (path: string[]) => {
    const text = path.join(' ').toLocaleLowerCase()
    return words.every((word) => text.includes(word))
  }
  const groups: CategoryChoiceGroup[] = []
  for (const top of children.get(null) ?? []) {
    const choices: CategoryChoice[] = []
    const seen = new Set<number>()
    const walk = (category: TreeCategory, path: string[]) => {
      // A broken tree (a cycle the admin could not have saved) must not hang the page.
      if (seen.has(category.id)) return
      seen.add(category.id)
      const below = children.get(category.id) ?? []
      const isLeaf = below.length === 0
      if ((isLeaf && matches(path)) || category.id === keep) {
        const label = path.length > 1 ? path.slice(1).join(PATH_SEPARATOR) : category.name
        choices.push({ id: category.id, label: isLeaf ? label : `${label} (current)`, path })
      }
      for (const child of below) walk(child, [...path, child.name])
    }
    walk(top, [top.name])
    if (choices.length) groups.push({ top: { id: top.id, name: top.name }, choices })
  }
  return groups
}

/** Whether products may sit on this category: it exists and has no subcategories. */
export const isLeafCategory = (categories: readonly TreeCategory[], id: number) =>
  categories.some((c) => c.id === id) && !categories.some((c) => c.parentId === id)
