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
