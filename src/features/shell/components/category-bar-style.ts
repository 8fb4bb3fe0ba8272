/** Shared by the plain category bar and the mega-menu that replaces it, so the swap is invisible. */

/** Top-level categories with their own entry in the bar; all of them are under "All categories". */
export const BAR_LIMIT = 4

/** The bar shows 2 of them at 1024 px, 3 at 1280 px, 4 at 1536 px: never a wrapped line. */
export const barItemVisibility = (index: number) =>
  index >= 3 ? 'hidden 2xl:block' : index >= 2 ? 'hidden xl:block' : undefined

export const triggerClasses =
  'group flex h-11 items-center gap-1.5 rounded-lg px-3 text-sm font-medium whitespace-nowrap text-stone-700 hover:bg-stone-100 hover:text-ink data-[state=open]:bg-stone-100 data-[state=open]:text-ink'

/** The value of the "All categories" entry; a category's entry uses its id. */
export const ALL_CATEGORIES = 'all'
