import type { LandingBlockInput } from '~/features/catalog'

export interface LandingPageSpec {
  slug: string
  title: string
  summary: string
  /** A category image key (the seed's generated artwork) for the hero. */
  heroCategorySlug: string
  blocks: LandingBlockInput[]
}

/** The demo landing pages: campaigns an admin would publish, built from the demo catalogue. */
export const landingPageSpecs: LandingPageSpec[] = [
  {
    slug: 'back-to-school',
    title: 'Back to school: stationery in bulk',
    summary: 'Paper, pens, notebooks and files for shops that sell to students, at wholesale tier prices.',
    heroCategorySlug: 'stationery-and-office',
    blocks: [
      {
        type: 'text',
        heading: 'Stock up before September',
        body: 'Term starts soon. Order notebooks, pens and paper by the carton and pay less per piece as your order grows.\n\nEvery offer shows its minimum quantity and its price tiers up front.',
      },
      {
        type: 'categories',
        heading: 'Shop the essentials',
        slugs: ['paper', 'pens-and-markers', 'notebooks-and-pads', 'files-and-folders'],
      },
      {
        type: 'products',
        heading: 'Discounted stationery',
        search: { category: 'stationery-and-office', discount: 'true', sort: 'popular' },
        limit: 8,
      },
      {
        type: 'products',
        heading: 'New notebooks and pads',
        search: { category: 'notebooks-and-pads', sort: 'newest' },
        limit: 8,
      },
    ],
  },
  {
    slug: 'horeca-essentials',
    title: 'Restaurant and café essentials',
    summary: 'Rice, oil, tea, cleaning supplies and food containers for kitchens that buy by the sack.',
    heroCategorySlug: 'food-and-beverages',
    blocks: [
      {
        type: 'text',
        heading: 'One marketplace for the whole kitchen',
        body: 'Compare sellers side by side, check who has stock today, and check out once per seller.',
      },
      {
        type: 'categories',
        heading: 'Popular with restaurants',
        slugs: ['rice-and-grains', 'cooking-oil', 'tea-and-coffee', 'dishwashing', 'food-containers'],
      },
      {
        type: 'products',
        heading: 'In stock now, from one carton',
        search: { category: 'food-and-beverages', in_stock: 'true', max_moq: '1', sort: 'popular' },
        limit: 8,
      },
    ],
  },
]
