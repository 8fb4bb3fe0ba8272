import type { ContentKind } from '~/lib/ticket-enums'

/** A default page or guide as the seed writes it. */
export interface SeedPage {
  slug: string
  kind: ContentKind
  audience: 'buyers' | 'sellers' | null
  position: number
  title: string
  description: string
  body: string
}

export interface SeedFaq {
  key: string
  groupName: string
  question: string
  answer: string
}

/** The Persian title, meta description and markdown body of a default page or guide. */
export interface PersianText {
  title: string
  description: string
  body: string
}

/** The Persian group, question and markdown answer of a default FAQ entry. */
export interface PersianFaq {
  group: string
  question: string
  answer: string
}
