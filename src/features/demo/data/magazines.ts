import type { MagazineLayout } from '~/lib/domain-enums'

/**
 * The demo's published magazines: a few sellers' catalogues, as sellers write them, each in one
 * language (a magazine's title and description are the seller's own words; the model keeps one of
 * each). Pages are titled with a category's name in the magazine's language and hold the
 * seller's own offers in that category. The demo seller's carries its PDF line sheet.
 */

export type MagazineLanguage = 'fa' | 'en'

export interface DemoMagazineSpec {
  /** The demo seller, or the nth (0-based) other approved seller on this plan with enough offers. */
  seller: 'demo' | { plan: 'free' | 'pro' | 'business'; nth: number }
  language: MagazineLanguage
  /** The public address stem; the seller's name is not in it, so it stays put if that changes. */
  identify: string
  title: (seller: string) => string
  season: string
  description: (seller: string) => string
  /** The cover's background. */
  colour: string
  /** Each page holds up to this many of the seller's offers in one category (its biggest first). */
  pages: readonly { layout: MagazineLayout; items: number }[]
  /** Draw its PDF line sheet while seeding (the seller's plan must include line sheets). */
  lineSheet?: boolean
  /** Minutes before the seed's moment it was published (newest first on /magazine). */
  publishedMinutesAgo: number
}

export const demoMagazineSpecs: readonly DemoMagazineSpec[] = [
  {
    seller: 'demo',
    language: 'fa',
    identify: 'tehrani-new-season',
    title: (seller) => `کاتالوگ فصل نو ${seller}`,
    season: 'فصل نو',
    description: (seller) =>
      `پرفروش‌ترین کالاهای ${seller} با قیمت عمده و پله‌های تخفیف. هر صفحه را یک‌جا به سبد خرید بیفزایید یا فهرست قیمت PDF را برای فروشگاهتان بردارید.`,
    colour: '#0f766e',
    pages: [
      { layout: '4', items: 4 },
      { layout: '6', items: 6 },
    ],
    lineSheet: true,
    publishedMinutesAgo: 3 * 24 * 60,
  },
  {
    seller: { plan: 'business', nth: 0 },
    language: 'en',
    identify: 'distributor-price-list',
    title: (seller) => `${seller} wholesale price list`,
    season: 'This season',
    description: (seller) =>
      `Our full-carton prices for shops and restaurants, with tier discounts on larger orders. Delivered by ${seller} from our own warehouses.`,
    colour: '#1d4ed8',
    pages: [
      { layout: '6', items: 6 },
      { layout: '4', items: 4 },
    ],
    publishedMinutesAgo: 6 * 24 * 60,
  },
  {
    seller: { plan: 'free', nth: 0 },
    language: 'fa',
    identify: 'weekly-picks',
    title: (seller) => `پیشنهادهای هفته ${seller}`,
    season: 'این هفته',
    description: () => 'چند کالای پرفروش این هفته با کمترین حداقل سفارش، برای خرید سریع مغازه‌ها.',
    colour: '#b45309',
    pages: [{ layout: '4', items: 4 }],
    publishedMinutesAgo: 26 * 60,
  },
  {
    seller: { plan: 'free', nth: 1 },
    language: 'en',
    identify: 'starter-catalogue',
    title: (seller) => `${seller} starter catalogue`,
    season: 'All year',
    description: () => 'A short list of our steady sellers, at wholesale prices, for a first order.',
    colour: '#7c3aed',
    pages: [
      { layout: 'hero', items: 1 },
      { layout: '4', items: 4 },
    ],
    publishedMinutesAgo: 9 * 24 * 60,
  },
]
